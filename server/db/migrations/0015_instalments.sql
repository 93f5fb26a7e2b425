ALTER TABLE "invoices" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminded_after_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "notice_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "notice_end_date" date;--> statement-breakpoint
ALTER TABLE "us_states" ADD COLUMN "non_payment_notice_days" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_notice_invoice_id_invoices_id_fk" FOREIGN KEY ("notice_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;