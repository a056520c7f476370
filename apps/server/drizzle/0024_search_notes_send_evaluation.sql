-- The attendance search also finds a ticket by the text of its internal notes (/notas, the chat's "Nota"), through
-- the notes' trigram index (ticket_notes_text_trgm_idx, migration 0018). Same function as 0011, one more branch:
-- notes are searched like messages (3 characters or more, the newest message_limit matching notes).
-- NOTE: SECURITY DEFINER for the same reason as in 0011; the tenant comes from the transaction setting the
-- row-level policies read, and every branch filters on it. Which of these tickets the user may see is still
-- decided by the list query's visibility rules.
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
    statement := statement || ' union (select n.ticket_id from ticket_notes n where n.tenant_id = $1
      and n.notes ilike $2 order by n.id desc limit $6)';
  END IF;
  RETURN QUERY EXECUTE statement USING tenant, pattern, number_pattern, alt_number_pattern, ticket_id, message_limit;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION prosa_search_ticket_ids(text, text, text, integer, boolean, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION prosa_search_ticket_ids(text, text, text, integer, boolean, integer) TO prosa_app;
--> statement-breakpoint
-- Domain 5.5: a connection asks for the rating on close only when its sendEvaluation is on (and the tenant's
-- userRating is). On by default, so every connection keeps asking as before.
ALTER TABLE "connections" ADD COLUMN "send_evaluation" boolean DEFAULT true NOT NULL;
