-- Chat flows (domain 2.11): the flow document, which connection runs which flow, where each ticket is in its
-- flow, and one row per customer message the engine handled (a replayed or retried run does nothing twice).
CREATE TABLE "chat_flows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"celular_teste" text,
	"user_id" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_flow_states" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"chat_flow_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_interaction_at" timestamp with time zone NOT NULL,
	"step_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_flow_states_pk" PRIMARY KEY ("tenant_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "chat_flow_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_flow_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"inbound_message_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"chat_flow_id" integer,
	"step_id" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "chat_flow_id" integer;--> statement-breakpoint
ALTER TABLE "chat_flows" ADD CONSTRAINT "chat_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flows" ADD CONSTRAINT "chat_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_flow_states" ADD CONSTRAINT "ticket_flow_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_flow_states" ADD CONSTRAINT "ticket_flow_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_flow_states" ADD CONSTRAINT "ticket_flow_states_chat_flow_id_chat_flows_id_fk" FOREIGN KEY ("chat_flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_runs" ADD CONSTRAINT "chat_flow_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_runs" ADD CONSTRAINT "chat_flow_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_chat_flow_id_chat_flows_id_fk" FOREIGN KEY ("chat_flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_flows_tenant_idx" ON "chat_flows" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ticket_flow_states_flow_idx" ON "ticket_flow_states" USING btree ("tenant_id","chat_flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_flow_runs_inbound_key" ON "chat_flow_runs" USING btree ("tenant_id","inbound_message_id");--> statement-breakpoint
CREATE INDEX "chat_flow_runs_ticket_idx" ON "chat_flow_runs" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('chat_flows');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_flow_states');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('chat_flow_runs');
