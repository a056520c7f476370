-- The contact's lane (contacts.kanban) is now the one lane: a chat flow's Kanban step moves the contact, and
-- campaign audiences read the contact's lane. Before, a flow set only its ticket's lane: a contact without a
-- lane takes the lane of its latest ticket that has one, so nobody leaves a lane by this change.
UPDATE "contacts" c SET "kanban" = latest."kanban"
FROM (
  SELECT DISTINCT ON ("contact_id") "contact_id", "tenant_id", "kanban" FROM "tickets"
  WHERE "kanban" IS NOT NULL
  ORDER BY "contact_id", "updated_at" DESC, "id" DESC
) latest
WHERE c."id" = latest."contact_id" AND c."tenant_id" = latest."tenant_id" AND c."kanban" IS NULL;
