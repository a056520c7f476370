ALTER TABLE "contact_identities" ADD COLUMN "reported" text;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "messages_synced_at" timestamp with time zone;
