CREATE TABLE "connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"token" text,
	"queue_id" integer,
	"number" text,
	"qrcode" text,
	"retries" integer DEFAULT 0 NOT NULL,
	"farewell_message" text,
	"greeting_message" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "contact_tags_tenant_id_contact_id_tag_id_pk" PRIMARY KEY("tenant_id","contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contact_wallets" (
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "contact_wallets_tenant_id_contact_id_user_id_pk" PRIMARY KEY("tenant_id","contact_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"email" text,
	"profile_pic_url" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"pushname" text,
	"cpf" text,
	"first_name" text,
	"last_name" text,
	"business_name" text,
	"birthday" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"chatbot_blocked" boolean DEFAULT false NOT NULL,
	"kanban" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fast_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fast_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"media_url" text,
	"media_name" text,
	"media_type" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fast_reply_queues" (
	"tenant_id" integer NOT NULL,
	"fast_reply_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "fast_reply_queues_tenant_id_fast_reply_id_queue_id_pk" PRIMARY KEY("tenant_id","fast_reply_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer,
	"message_id" text,
	"id_front" text,
	"from_me" boolean DEFAULT false NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_type" text DEFAULT 'chat' NOT NULL,
	"media_url" text,
	"media_name" text,
	"media_mime" text,
	"media_size" integer,
	"quoted_msg_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"edition" text,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_type" text DEFAULT 'chat' NOT NULL,
	"schedule_date" timestamp with time zone,
	"timestamp" bigint NOT NULL,
	"data_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"tag" text NOT NULL,
	"color" text DEFAULT '#5c67f2' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "ticket_tags_tenant_id_ticket_id_tag_id_pk" PRIMARY KEY("tenant_id","ticket_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer,
	"queue_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"chat_flow_id" integer,
	"step_chat_flow" text,
	"kanban" integer,
	"protocol" text,
	"reason_id" integer,
	"is_active_demand" boolean DEFAULT false NOT NULL,
	"is_farewell_message" boolean DEFAULT false NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"last_pause_at" timestamp with time zone,
	"pause_reason" text,
	"total_pause_time" integer DEFAULT 0 NOT NULL,
	"started_attendance_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"assistant_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_replies" ADD CONSTRAINT "fast_replies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_replies" ADD CONSTRAINT "fast_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_reply_queues" ADD CONSTRAINT "fast_reply_queues_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_reply_queues" ADD CONSTRAINT "fast_reply_queues_fast_reply_id_fast_replies_id_fk" FOREIGN KEY ("fast_reply_id") REFERENCES "public"."fast_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_reply_queues" ADD CONSTRAINT "fast_reply_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connections_tenant_idx" ON "connections" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_key" ON "connections" USING btree ("token");--> statement-breakpoint
CREATE INDEX "contact_custom_fields_contact_idx" ON "contact_custom_fields" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_key" ON "contact_identities" USING btree ("tenant_id","kind","value");--> statement-breakpoint
CREATE INDEX "contact_identities_contact_idx" ON "contact_identities" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "contact_wallets_user_idx" ON "contact_wallets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contacts_tenant_name_idx" ON "contacts" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_tenant_number_idx" ON "contacts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fast_replies_tenant_key" ON "fast_replies" USING btree ("tenant_id",lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "messages_external_key" ON "messages" USING btree ("tenant_id",coalesce("whatsapp_id", 0),"message_id") WHERE "messages"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_id_front_key" ON "messages" USING btree ("tenant_id","id_front") WHERE "messages"."id_front" is not null;--> statement-breakpoint
CREATE INDEX "messages_ticket_idx" ON "messages" USING btree ("tenant_id","ticket_id","timestamp");--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("tenant_id","contact_id","timestamp");--> statement-breakpoint
CREATE INDEX "messages_schedule_idx" ON "messages" USING btree ("status","schedule_date") WHERE "messages"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_tenant_name_key" ON "reasons" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_tenant_name_key" ON "tags" USING btree ("tenant_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "ticket_logs_ticket_idx" ON "ticket_logs" USING btree ("tenant_id","ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_key" ON "tickets" USING btree ("tenant_id","contact_id",coalesce("whatsapp_id", 0)) WHERE "tickets"."status" in ('open', 'pending');--> statement-breakpoint
CREATE INDEX "tickets_tenant_status_idx" ON "tickets" USING btree ("tenant_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_user_idx" ON "tickets" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
CREATE INDEX "tickets_tenant_queue_idx" ON "tickets" USING btree ("tenant_id","queue_id","status");--> statement-breakpoint
CREATE INDEX "tickets_tenant_contact_idx" ON "tickets" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_tenant_protocol_key" ON "tickets" USING btree ("tenant_id","protocol");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('tags');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('contacts');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('contact_identities');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('contact_custom_fields');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('contact_tags');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('contact_wallets');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('connections');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('reasons');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('fast_replies');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('fast_reply_queues');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('settings');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('tickets');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_tags');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_logs');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('messages');
