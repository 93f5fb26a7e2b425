-- Visitor quotes (issue 5): a quote key's hash instead of attaching by id alone, idempotent
-- createsubmission, and order numbers from their own sequence.
CREATE SEQUENCE "public"."submission_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "visitor_key_hash" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_idempotency_key_hash_key" ON "submissions" USING btree ("idempotency_key_hash");