CREATE TABLE "media_co_uploads" (
	"media_id" text NOT NULL,
	"guest_id" text NOT NULL,
	"uploader" text NOT NULL,
	"note" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_co_uploads_media_id_guest_id_pk" PRIMARY KEY("media_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "media_co_uploads" ADD CONSTRAINT "media_co_uploads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;