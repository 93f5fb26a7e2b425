-- Policies issued before the policy lifecycle were written 'active': that is 'in_force' now.
CREATE TYPE "public"."policy_status" AS ENUM('in_force', 'cancellation_notice', 'cancelled', 'expired', 'renewed');--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
UPDATE "policies" SET "status" = 'in_force' WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "status" SET DATA TYPE "public"."policy_status" USING "status"::"public"."policy_status";--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "status" SET DEFAULT 'in_force'::"public"."policy_status";
