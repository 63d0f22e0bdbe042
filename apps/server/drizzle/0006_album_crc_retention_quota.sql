ALTER TABLE "users" ADD COLUMN "deletion_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_export_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "retention_notice_days" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "bytes_used" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "crc32" bigint;--> statement-breakpoint
CREATE INDEX "events_retention_idx" ON "events" USING btree ("archived_at","event_date");