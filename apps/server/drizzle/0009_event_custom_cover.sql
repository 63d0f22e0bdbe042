ALTER TABLE "events" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_widths" integer[];