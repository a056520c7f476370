-- Ticket search by contact name, number, protocol and message text, served by trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it from its
-- contrib bundle (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_protocol_trgm_idx" ON "tickets" USING gin ("protocol" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);
--> statement-breakpoint
-- The list's order across statuses: the admin's all-status list and a tab whose tickets are dense among the
-- newest read their page straight from it instead of sorting the tenant's tickets.
CREATE INDEX IF NOT EXISTS "tickets_tenant_last_idx" ON "tickets" USING btree ("tenant_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- A tab's total counted from the index alone: it carries what the visibility rules usually read.
CREATE INDEX IF NOT EXISTS "tickets_tenant_status_visibility_idx" ON "tickets" USING btree ("tenant_id","status")
  INCLUDE ("user_id","queue_id","whatsapp_id","is_group","chat_flow_id");
--> statement-breakpoint
-- Brazilian mobiles stored in the eight-digit form a channel reported are shown in their dialable nine-digit
-- form (landlines, 8 digits starting 2-5, keep theirs). Sending goes through contact_identities, not here.
UPDATE "contacts" SET "number" = regexp_replace("number", '^\+55([1-9]{2})([6-9][0-9]{7})$', '+55\19\2')
WHERE NOT "is_group" AND "number" ~ '^\+55[1-9]{2}[6-9][0-9]{7}$';
--> statement-breakpoint
-- The ids of the current tenant's tickets that a search term finds: by contact name or number, protocol,
-- ticket id, or the text of one of its message_limit newest matching messages.
-- NOTE: SECURITY DEFINER because row-level security keeps the planner from using a trigram index for the
-- tenant role (ILIKE is not leakproof, so it may not run before the policy's check). The tenant is read
-- from the same transaction setting the policies read, never from an argument, so this sees nothing a
-- tenant transaction could not. Dynamic SQL so each search is planned for its own pattern.
CREATE OR REPLACE FUNCTION prosa_search_ticket_ids(
  pattern text,
  number_pattern text,
  alt_number_pattern text,
  ticket_id integer,
  with_messages boolean,
  message_limit integer
) RETURNS TABLE (id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  tenant integer := prosa_current_tenant();
  statement text;
BEGIN
  IF tenant IS NULL THEN
    RETURN;
  END IF;
  statement := 'select t.id from contacts c join tickets t on t.tenant_id = c.tenant_id and t.contact_id = c.id
    where c.tenant_id = $1 and c.name ilike $2
    union select t.id from tickets t where t.tenant_id = $1 and t.protocol ilike $2';
  IF number_pattern IS NOT NULL THEN
    statement := statement || ' union select t.id from contacts c join tickets t
      on t.tenant_id = c.tenant_id and t.contact_id = c.id where c.tenant_id = $1 and c.number like $3';
  END IF;
  IF alt_number_pattern IS NOT NULL THEN
    statement := statement || ' union select t.id from contacts c join tickets t
      on t.tenant_id = c.tenant_id and t.contact_id = c.id where c.tenant_id = $1 and c.number like $4';
  END IF;
  IF ticket_id IS NOT NULL THEN
    statement := statement || ' union select t.id from tickets t where t.tenant_id = $1 and t.id = $5';
  END IF;
  IF with_messages THEN
    -- The newest matching messages only: a common word would otherwise recheck hundreds of thousands of rows.
    statement := statement || ' union (select m.ticket_id from messages m where m.tenant_id = $1
      and m.body ilike $2 order by m.id desc limit $6)';
  END IF;
  RETURN QUERY EXECUTE statement USING tenant, pattern, number_pattern, alt_number_pattern, ticket_id, message_limit;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION prosa_search_ticket_ids(text, text, text, integer, boolean, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION prosa_search_ticket_ids(text, text, text, integer, boolean, integer) TO prosa_app;
