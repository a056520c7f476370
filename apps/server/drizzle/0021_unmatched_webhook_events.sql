-- Webhook deliveries filed under no conversation (an SMS event of an unknown shape naming no number), kept for admins.
CREATE TABLE "unmatched_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unmatched_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_id" integer,
	"channel" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unmatched_webhook_events" ADD CONSTRAINT "unmatched_webhook_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_webhook_events" ADD CONSTRAINT "unmatched_webhook_events_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatched_webhook_events_tenant_received_idx" ON "unmatched_webhook_events" USING btree ("tenant_id","received_at" DESC);--> statement-breakpoint
SELECT prosa_enable_tenant_rls('unmatched_webhook_events');
