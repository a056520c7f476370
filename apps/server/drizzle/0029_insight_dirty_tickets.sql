CREATE TABLE "insight_dirty_tickets" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_dirty_tickets_tenant_id_ticket_id_pk" PRIMARY KEY("tenant_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "insight_dirty_tickets" ADD CONSTRAINT "insight_dirty_tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_dirty_tickets');
