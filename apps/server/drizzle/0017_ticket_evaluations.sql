-- Ratings (/ticketEvaluations, /avaliacoes): a score 0-5 asked of the customer when an agent closes a ticket.
CREATE TABLE "ticket_evaluations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer,
	"queue_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"close_mode" text DEFAULT 'rated' NOT NULL,
	"evaluation" text,
	"score" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_evaluations_score_check" CHECK ("score" IS NULL OR "score" BETWEEN 0 AND 5)
);
--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_evaluations_one_pending_key" ON "ticket_evaluations" USING btree ("tenant_id","ticket_id") WHERE "ticket_evaluations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_evaluations_ticket_idx" ON "ticket_evaluations" USING btree ("tenant_id","ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_evaluations_contact_pending_idx" ON "ticket_evaluations" USING btree ("tenant_id","contact_id") WHERE "ticket_evaluations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_evaluations_tenant_created_idx" ON "ticket_evaluations" USING btree ("tenant_id","created_at" DESC,"id" DESC);--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_evaluations');
