-- Internal notes on tickets (/ticketNotes, /notas): staff only, never sent to the customer's channel.
CREATE TABLE "ticket_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"notes" text NOT NULL,
	"id_front" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("tenant_id","ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_notes_tenant_created_idx" ON "ticket_notes" USING btree ("tenant_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "ticket_notes_tenant_user_idx" ON "ticket_notes" USING btree ("tenant_id","user_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "ticket_notes_text_trgm_idx" ON "ticket_notes" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
SELECT prosa_enable_tenant_rls('ticket_notes');
