ALTER TABLE "certificates" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "kind" text DEFAULT 'claim' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "act_date" date;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "lawsuit_filed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "amount_demanded_cents" bigint;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_kind_check" CHECK ("claims"."kind" in ('claim', 'circumstance'));--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_amount_demanded_check" CHECK ("claims"."amount_demanded_cents" is null or "claims"."amount_demanded_cents" >= 0);