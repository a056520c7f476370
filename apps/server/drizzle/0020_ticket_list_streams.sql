-- The ticket list reads each status of a tab in its order (newest message first) and merges the streams; the
-- index carries what the visibility rules usually read, so a viewer who sees few of the tab's tickets is
-- filtered from the index alone instead of from every ticket's row (docs/benchmarks.md, "Ticket list").
CREATE INDEX IF NOT EXISTS "tickets_tenant_status_order_idx" ON "tickets" USING btree ("tenant_id","status","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("user_id","queue_id","whatsapp_id","is_group","chat_flow_id","contact_id");
--> statement-breakpoint
-- Same keys as the new index (which also serves a tab's count): kept, they would only slow every ticket write.
DROP INDEX IF EXISTS "tickets_tenant_status_last_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_tenant_status_visibility_idx";
