CREATE TABLE "media_live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"media_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "summary_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_live_events_event_idx" ON "media_live_events" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "media_live_events_created_idx" ON "media_live_events" USING btree ("created_at");