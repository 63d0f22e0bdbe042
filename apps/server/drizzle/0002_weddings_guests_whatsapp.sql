CREATE TABLE "weddings" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"event_id" text NOT NULL,
	"venue_name" text NOT NULL,
	"venue_location" text NOT NULL,
	"bride_name" text NOT NULL,
	"bride_surname" text NOT NULL,
	"groom_name" text NOT NULL,
	"groom_surname" text NOT NULL,
	"wedding_date" date NOT NULL,
	"wedding_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"invitation_image_key" text,
	"guest_list_approved" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" text PRIMARY KEY NOT NULL,
	"wedding_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'belirsiz' NOT NULL,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"expected_guest_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"wedding_id" text NOT NULL,
	"guest_id" text,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"context_message_id" text,
	"rsvp" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_status_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weddings" ADD CONSTRAINT "weddings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weddings" ADD CONSTRAINT "weddings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_wedding_id_weddings_id_fk" FOREIGN KEY ("wedding_id") REFERENCES "public"."weddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_wedding_id_weddings_id_fk" FOREIGN KEY ("wedding_id") REFERENCES "public"."weddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weddings_event_id_key" ON "weddings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "weddings_owner_idx" ON "weddings" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_wedding_phone_key" ON "guests" USING btree ("wedding_id","phone");--> statement-breakpoint
CREATE INDEX "guests_wedding_position_idx" ON "guests" USING btree ("wedding_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_id_key" ON "whatsapp_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_conversation_idx" ON "whatsapp_messages" USING btree ("wedding_id","phone","occurred_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_guest_idx" ON "whatsapp_messages" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_status_events_key" ON "whatsapp_status_events" USING btree ("provider_message_id","status");