CREATE TABLE "baileys_auth" (
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"type" text NOT NULL,
	"id" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baileys_auth_tenant_id_connection_id_type_id_pk" PRIMARY KEY("tenant_id","connection_id","type","id")
);
--> statement-breakpoint
CREATE TABLE "session_leases" (
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"owner" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_leases_tenant_id_connection_id_pk" PRIMARY KEY("tenant_id","connection_id")
);
--> statement-breakpoint
ALTER TABLE "baileys_auth" ADD CONSTRAINT "baileys_auth_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baileys_auth" ADD CONSTRAINT "baileys_auth_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_leases" ADD CONSTRAINT "session_leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_leases" ADD CONSTRAINT "session_leases_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT prosa_enable_tenant_rls('baileys_auth');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('session_leases');
