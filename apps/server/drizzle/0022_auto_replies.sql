-- Legacy keyword auto-replies (/auto-resposta, domain 2.12): a reply has steps, a step has actions chosen by the
-- customer's words. The ticket's current step is kept in auto_reply_ticket_steps; auto_reply_logs holds one row
-- per customer message the runner handled, so a retried job does nothing twice.
CREATE TABLE "auto_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"celular_teste" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_reply_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_reply_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"auto_reply_id" integer NOT NULL,
	"reply" text NOT NULL,
	"initial_step" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_reply_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_reply_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"step_reply_id" integer NOT NULL,
	"words" text NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"next_step_id" integer,
	"queue_id" integer,
	"user_id_destination" integer,
	"reply_definition" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_reply_ticket_steps" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"auto_reply_id" integer NOT NULL,
	"step_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_reply_ticket_steps_pk" PRIMARY KEY ("tenant_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "auto_reply_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_reply_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"inbound_message_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"auto_reply_id" integer,
	"steps_reply_id" integer,
	"words_reply" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_steps" ADD CONSTRAINT "auto_reply_steps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_steps" ADD CONSTRAINT "auto_reply_steps_auto_reply_id_auto_replies_id_fk" FOREIGN KEY ("auto_reply_id") REFERENCES "public"."auto_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_steps" ADD CONSTRAINT "auto_reply_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_actions" ADD CONSTRAINT "auto_reply_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_actions" ADD CONSTRAINT "auto_reply_actions_step_reply_id_auto_reply_steps_id_fk" FOREIGN KEY ("step_reply_id") REFERENCES "public"."auto_reply_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_actions" ADD CONSTRAINT "auto_reply_actions_next_step_id_auto_reply_steps_id_fk" FOREIGN KEY ("next_step_id") REFERENCES "public"."auto_reply_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_actions" ADD CONSTRAINT "auto_reply_actions_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_actions" ADD CONSTRAINT "auto_reply_actions_user_id_destination_users_id_fk" FOREIGN KEY ("user_id_destination") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_ticket_steps" ADD CONSTRAINT "auto_reply_ticket_steps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_ticket_steps" ADD CONSTRAINT "auto_reply_ticket_steps_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_ticket_steps" ADD CONSTRAINT "auto_reply_ticket_steps_auto_reply_id_auto_replies_id_fk" FOREIGN KEY ("auto_reply_id") REFERENCES "public"."auto_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_ticket_steps" ADD CONSTRAINT "auto_reply_ticket_steps_step_id_auto_reply_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."auto_reply_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_logs" ADD CONSTRAINT "auto_reply_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_logs" ADD CONSTRAINT "auto_reply_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_replies_tenant_idx" ON "auto_replies" USING btree ("tenant_id","is_active","id");--> statement-breakpoint
CREATE INDEX "auto_reply_steps_reply_idx" ON "auto_reply_steps" USING btree ("tenant_id","auto_reply_id","id");--> statement-breakpoint
CREATE INDEX "auto_reply_actions_step_idx" ON "auto_reply_actions" USING btree ("tenant_id","step_reply_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_reply_logs_inbound_key" ON "auto_reply_logs" USING btree ("tenant_id","inbound_message_id");--> statement-breakpoint
CREATE INDEX "auto_reply_logs_ticket_idx" ON "auto_reply_logs" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('auto_replies');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('auto_reply_steps');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('auto_reply_actions');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('auto_reply_ticket_steps');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('auto_reply_logs');
