CREATE TABLE "assistants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb NOT NULL,
	"api_key_sealed" text,
	"api_key_hint" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_sealed" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_assistant_states" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"provider" text NOT NULL,
	"answered_up_to" integer DEFAULT 0 NOT NULL,
	"context_from" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"session" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_assistant_states_pk" PRIMARY KEY("tenant_id","ticket_id","provider")
);
--> statement-breakpoint
CREATE TABLE "assistant_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"purpose" text NOT NULL,
	"up_to_message_id" integer,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"tool_calls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"month" text NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_pk" PRIMARY KEY("tenant_id","provider","month")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assistant_states" ADD CONSTRAINT "ticket_assistant_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assistant_states" ADD CONSTRAINT "ticket_assistant_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_runs" ADD CONSTRAINT "assistant_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_runs" ADD CONSTRAINT "assistant_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_usage" ADD CONSTRAINT "assistant_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistants_provider_key" ON "assistants" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "bots_provider_key" ON "bots" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_runs_reply_key" ON "assistant_runs" USING btree ("tenant_id","ticket_id","up_to_message_id") WHERE "assistant_runs"."purpose" = 'reply';--> statement-breakpoint
CREATE INDEX "assistant_runs_ticket_idx" ON "assistant_runs" USING btree ("tenant_id","ticket_id","id");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('assistants');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('bots');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_assistant_states');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('assistant_runs');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('assistant_usage');
