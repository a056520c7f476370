ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" = 'pending' and "messages"."from_me";