CREATE TABLE "group_farewell_privates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_farewell_privates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"group_id" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_tool_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_tool_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"group_id" text NOT NULL,
	"tool" text NOT NULL,
	"action" text NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" text,
	"error" text,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_farewell_privates" ADD CONSTRAINT "group_farewell_privates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_farewell_privates" ADD CONSTRAINT "group_farewell_privates_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tool_logs" ADD CONSTRAINT "group_tool_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tool_logs" ADD CONSTRAINT "group_tool_logs_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_farewell_privates_group_key" ON "group_farewell_privates" USING btree ("tenant_id","connection_id","group_id");--> statement-breakpoint
CREATE INDEX "group_tool_logs_group_idx" ON "group_tool_logs" USING btree ("tenant_id","connection_id","group_id","created_at");--> statement-breakpoint
CREATE INDEX "group_tool_logs_tenant_time_idx" ON "group_tool_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
SELECT prosa_enable_tenant_rls('group_farewell_privates');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('group_tool_logs');