-- The insured's account (issue 6): idempotent creates for contacts, locations, additional insureds,
-- claims and feedback; an order's contact; one primary location per order; claim numbers.
CREATE SEQUENCE "public"."claim_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "additional_insureds" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "additional_insureds_idempotency_key" ON "additional_insureds" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_idempotency_key" ON "claims" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_idempotency_key" ON "contacts" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_idempotency_key" ON "feedback" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_idempotency_key" ON "locations" USING btree ("user_id","idempotency_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_locations_submission_location_key" ON "plan_locations" USING btree ("submission_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_locations_one_primary_key" ON "plan_locations" USING btree ("submission_id") WHERE "plan_locations"."is_primary";--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_number_unique" UNIQUE("number");