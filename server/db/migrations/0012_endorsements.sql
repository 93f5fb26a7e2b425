CREATE TYPE "public"."endorsement_kind" AS ENUM('change', 'cancellation', 'tail');--> statement-breakpoint
CREATE TYPE "public"."endorsement_status" AS ENUM('awaiting_payment', 'referred', 'issued', 'declined');--> statement-breakpoint
CREATE TABLE "endorsements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "endorsements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"kind" "endorsement_kind" NOT NULL,
	"status" "endorsement_status" NOT NULL,
	"effective_date" date NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"annual_premium_before_cents" bigint NOT NULL,
	"annual_premium_after_cents" bigint NOT NULL,
	"rate_table_id" integer,
	"premium_change_cents" bigint NOT NULL,
	"tax_change_cents" bigint DEFAULT 0 NOT NULL,
	"fee_change_cents" bigint DEFAULT 0 NOT NULL,
	"total_change_cents" bigint NOT NULL,
	"return_premium_status" text,
	"content" "bytea",
	"idempotency_key_hash" text,
	"idempotency_request_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "endorsements_number_check" CHECK ("endorsements"."number" ~ '-E[0-9]{2,}$'),
	CONSTRAINT "endorsements_total_check" CHECK ("endorsements"."total_change_cents" = "endorsements"."premium_change_cents" + "endorsements"."tax_change_cents" + "endorsements"."fee_change_cents"),
	CONSTRAINT "endorsements_issued_check" CHECK (("endorsements"."status" = 'issued') = ("endorsements"."issued_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_submission_installment_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "endorsement_id" integer;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_rate_table_id_rate_tables_id_fk" FOREIGN KEY ("rate_table_id") REFERENCES "public"."rate_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "endorsements_number_key" ON "endorsements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "endorsements_policy_idx" ON "endorsements" USING btree ("policy_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "endorsements_idempotency_key" ON "endorsements" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_endorsement_id_endorsements_id_fk" FOREIGN KEY ("endorsement_id") REFERENCES "public"."endorsements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_submission_installment_key" ON "invoices" USING btree ("submission_id","installment_no") WHERE "invoices"."endorsement_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_endorsement_key" ON "invoices" USING btree ("endorsement_id");