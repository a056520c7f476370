-- Scheduled messages' options (/agendamentos) and birthday messages (/aniversarios).
CREATE TABLE "message_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"cancel_on_reply" boolean DEFAULT false NOT NULL,
	"open_ticket" boolean DEFAULT false NOT NULL,
	"sign" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" integer,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_schedules_message_key" ON "message_schedules" USING btree ("tenant_id","message_id");--> statement-breakpoint
CREATE INDEX "message_schedules_reply_idx" ON "message_schedules" USING btree ("tenant_id","message_id") WHERE "cancel_on_reply" AND "cancelled_at" IS NULL AND "fired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "messages_tenant_schedule_idx" ON "messages" USING btree ("tenant_id","schedule_date") WHERE "send_type" = 'schedule';--> statement-breakpoint
-- Schedules written before this migration: their rows, without options (a deleted one was cancelled by an agent).
INSERT INTO "message_schedules" ("tenant_id","message_id","created_by","created_at","cancelled_at","cancel_reason","fired_at")
SELECT "tenant_id","id","user_id","created_at",
	CASE WHEN "is_deleted" THEN "updated_at" END,
	CASE WHEN "is_deleted" THEN 'agent' END,
	CASE WHEN "status" <> 'scheduled' AND NOT "is_deleted" THEN "updated_at" END
FROM "messages" WHERE "send_type" = 'schedule';--> statement-breakpoint
SELECT prosa_enable_tenant_rls('message_schedules');--> statement-breakpoint
CREATE TABLE "birthday_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "birthday_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "birthday_settings" ADD CONSTRAINT "birthday_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_settings" ADD CONSTRAINT "birthday_settings_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "birthday_settings_connection_key" ON "birthday_settings" USING btree ("tenant_id","connection_id");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('birthday_settings');--> statement-breakpoint
CREATE TABLE "birthday_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "birthday_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"year" integer NOT NULL,
	"connection_id" integer,
	"message_id" integer,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "birthday_sends_contact_year_key" ON "birthday_sends" USING btree ("tenant_id","contact_id","year");--> statement-breakpoint
CREATE INDEX "birthday_sends_tenant_created_idx" ON "birthday_sends" USING btree ("tenant_id","created_at");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('birthday_sends');
