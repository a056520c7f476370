-- The team's notes about a contact, written from the chat's contact panel.
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "notes" text;
