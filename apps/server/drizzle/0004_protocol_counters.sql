CREATE TABLE "protocol_counters" (
	"tenant_id" integer NOT NULL,
	"day" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "protocol_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
ALTER TABLE "protocol_counters" ADD CONSTRAINT "protocol_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT prosa_enable_tenant_rls('protocol_counters');
