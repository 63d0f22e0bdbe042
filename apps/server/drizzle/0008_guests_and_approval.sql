ALTER TABLE "events" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
CREATE INDEX "media_event_guest_idx" ON "media" USING btree ("event_id","guest_id");--> statement-breakpoint
CREATE INDEX "media_event_sha256_idx" ON "media" USING btree ("event_id","sha256");