CREATE TABLE "submission_files" (
	"submission_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"declared_type" text NOT NULL,
	"upload_id" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"kind" text,
	"reason" text,
	"media_id" text,
	CONSTRAINT "submission_files_submission_id_position_pk" PRIMARY KEY("submission_id","position")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"guest_id" text NOT NULL,
	"uploader" text NOT NULL,
	"note" text,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_files_upload_key" ON "submission_files" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "submissions_expires_idx" ON "submissions" USING btree ("expires_at");