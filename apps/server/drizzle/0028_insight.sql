CREATE TABLE "insight_hourly" (
	"tenant_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"queue_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"connection_id" integer DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"tickets_created" integer DEFAULT 0 NOT NULL,
	"tickets_accepted" integer DEFAULT 0 NOT NULL,
	"wait_seconds" bigint DEFAULT 0 NOT NULL,
	"first_responses" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" bigint DEFAULT 0 NOT NULL,
	"first_response_business_seconds" bigint DEFAULT 0 NOT NULL,
	"tickets_closed" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" bigint DEFAULT 0 NOT NULL,
	"pause_seconds" bigint DEFAULT 0 NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_hourly_tenant_id_hour_queue_id_user_id_connection_id_channel_pk" PRIMARY KEY("tenant_id","hour","queue_id","user_id","connection_id","channel")
);
--> statement-breakpoint
CREATE TABLE "insight_ticket_facts" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"connection_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"contact_id" integer NOT NULL,
	"reason_id" integer,
	"is_group" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"wait_seconds" integer,
	"first_response_seconds" integer,
	"first_response_business_seconds" integer,
	"resolution_seconds" integer,
	"pause_seconds" integer DEFAULT 0 NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_ticket_facts_tenant_id_ticket_id_pk" PRIMARY KEY("tenant_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "insight_ticket_hours" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_ticket_hours_tenant_id_ticket_id_hour_pk" PRIMARY KEY("tenant_id","ticket_id","hour")
);
--> statement-breakpoint
CREATE TABLE "insight_user_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_user_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer,
	"file_name" text,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "wait_alert_minutes" integer;--> statement-breakpoint
ALTER TABLE "insight_hourly" ADD CONSTRAINT "insight_hourly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_ticket_facts" ADD CONSTRAINT "insight_ticket_facts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_ticket_hours" ADD CONSTRAINT "insight_ticket_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_user_sessions" ADD CONSTRAINT "insight_user_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_ticket_facts_created_idx" ON "insight_ticket_facts" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "insight_ticket_facts_closed_idx" ON "insight_ticket_facts" USING btree ("tenant_id","closed_at");--> statement-breakpoint
CREATE INDEX "insight_user_sessions_user_idx" ON "insight_user_sessions" USING btree ("tenant_id","user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_user_sessions_open_key" ON "insight_user_sessions" USING btree ("tenant_id","user_id") WHERE "insight_user_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "report_exports_user_idx" ON "report_exports" USING btree ("tenant_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_ticket_facts');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_ticket_hours');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_hourly');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_user_sessions');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('report_exports');
