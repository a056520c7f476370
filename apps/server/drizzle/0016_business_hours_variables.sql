-- The tenant's own template variables (/configuracoes/variaveis).
CREATE TABLE "tenant_variables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_variables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_variables" ADD CONSTRAINT "tenant_variables_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_variables_name_key" ON "tenant_variables" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
SELECT prosa_enable_tenant_rls('tenant_variables');--> statement-breakpoint
-- Absence messages sent out of business hours, one row per customer message that got one (maxRetries per ticket).
CREATE TABLE "absence_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"inbound_message_id" integer NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absence_sends" ADD CONSTRAINT "absence_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_sends" ADD CONSTRAINT "absence_sends_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_sends_inbound_key" ON "absence_sends" USING btree ("tenant_id","inbound_message_id");--> statement-breakpoint
CREATE INDEX "absence_sends_ticket_idx" ON "absence_sends" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('absence_sends');
