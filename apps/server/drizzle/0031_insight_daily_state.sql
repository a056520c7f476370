-- The state (UF) of a phone number's area code (DDD), '??' when it has none: the rule of
-- modules/insight/reports/ddd-states.ts (a leading + aside, 55, the DDD, then 8 or 9 digits; the 67 codes in use).
-- IMMUTABLE, so that contacts.ddd_state is a stored generated column: existing contacts get it here, every
-- write keeps it (contatos-por-estado, docs/reports.md).
CREATE OR REPLACE FUNCTION prosa_ddd_state(number text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(
    '{"11":"SP","12":"SP","13":"SP","14":"SP","15":"SP","16":"SP","17":"SP","18":"SP","19":"SP","21":"RJ","22":"RJ","24":"RJ","27":"ES","28":"ES","31":"MG","32":"MG","33":"MG","34":"MG","35":"MG","37":"MG","38":"MG","41":"PR","42":"PR","43":"PR","44":"PR","45":"PR","46":"PR","47":"SC","48":"SC","49":"SC","51":"RS","53":"RS","54":"RS","55":"RS","61":"DF","62":"GO","63":"TO","64":"GO","65":"MT","66":"MT","67":"MS","68":"AC","69":"RO","71":"BA","73":"BA","74":"BA","75":"BA","77":"BA","79":"SE","81":"PE","82":"AL","83":"PB","84":"RN","85":"CE","86":"PI","87":"PE","88":"CE","89":"PI","91":"PA","92":"AM","93":"PA","94":"PA","95":"RR","96":"AP","97":"AM","98":"MA","99":"MA"}'::jsonb
      ->> CASE WHEN length(d) BETWEEN 12 AND 13 AND left(d, 2) = '55' AND translate(d, '0123456789', '') = ''
          THEN substring(d FROM 3 FOR 2) END,
    '??')
  FROM (SELECT ltrim(coalesce(number, ''), '+') AS d) AS digits
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION prosa_ddd_state(text) TO prosa_app;
--> statement-breakpoint
CREATE TABLE "insight_daily" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "insight_daily_tenant_id_day_queue_id_user_id_connection_id_channel_pk" PRIMARY KEY("tenant_id","day","queue_id","user_id","connection_id","channel")
);
--> statement-breakpoint
CREATE TABLE "insight_daily_zones" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "insight_ticket_facts_created_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "ddd_state" text GENERATED ALWAYS AS (prosa_ddd_state(number)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_daily" ADD CONSTRAINT "insight_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily_zones" ADD CONSTRAINT "insight_daily_zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_tenant_ddd_state_idx" ON "contacts" USING btree ("tenant_id","ddd_state","id") WHERE not "contacts"."is_group";--> statement-breakpoint
CREATE INDEX "insight_hourly_created_idx" ON "insight_hourly" USING btree ("tenant_id","hour","queue_id","connection_id","tickets_created") WHERE "insight_hourly"."tickets_created" <> 0;--> statement-breakpoint
CREATE INDEX "insight_ticket_facts_created_idx" ON "insight_ticket_facts" USING btree ("tenant_id","created_at","ticket_id");
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_daily');--> statement-breakpoint
SELECT prosa_enable_tenant_rls('insight_daily_zones');--> statement-breakpoint
-- The daily sums of the figures kept so far, each tenant's in its zone (facts/daily-sums.repository.ts does the
-- same for one tenant).
INSERT INTO "insight_daily_zones" ("tenant_id", "timezone") SELECT "id", "timezone" FROM "tenants";--> statement-breakpoint
INSERT INTO "insight_daily" SELECT h."tenant_id", (h."hour" AT TIME ZONE z."timezone")::date, h."queue_id", h."user_id",
  h."connection_id", h."channel", sum(h."tickets_created"), sum(h."tickets_accepted"), sum(h."wait_seconds"),
  sum(h."first_responses"), sum(h."first_response_seconds"), sum(h."first_response_business_seconds"),
  sum(h."tickets_closed"), sum(h."resolution_seconds"), sum(h."pause_seconds"), sum(h."transfers"), sum(h."ratings"),
  sum(h."rating_sum"), sum(h."messages_in"), sum(h."messages_out")
FROM "insight_hourly" h JOIN "insight_daily_zones" z ON z."tenant_id" = h."tenant_id"
GROUP BY 1, 2, 3, 4, 5, 6;
