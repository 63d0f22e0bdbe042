DROP INDEX "whatsapp_messages_provider_id_key";--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "unmatched" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_id_key" ON "whatsapp_messages" USING btree ("provider_message_id","wedding_id");