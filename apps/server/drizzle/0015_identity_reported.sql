ALTER TABLE "contact_identities" ADD COLUMN "reported" text;
