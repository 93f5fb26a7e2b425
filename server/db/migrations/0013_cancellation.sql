ALTER TABLE "policies" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_tables" ADD COLUMN "erp_percent_bps" jsonb DEFAULT '{"1":10000,"2":16000,"3":19000}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "us_states" ADD COLUMN "short_rate_cancellation" boolean DEFAULT false NOT NULL;