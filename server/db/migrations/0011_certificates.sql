CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_address1" text NOT NULL,
	"holder_address2" text,
	"holder_city" text NOT NULL,
	"holder_state" varchar(2) NOT NULL,
	"holder_zipcode" varchar(10) NOT NULL,
	"additional_insured" boolean DEFAULT false NOT NULL,
	"additional_insured_wording" text,
	"content" "bytea" NOT NULL,
	"idempotency_key_hash" text,
	"idempotency_request_hash" text,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "certificates_additional_insured_wording" CHECK ("certificates"."additional_insured" = ("certificates"."additional_insured_wording" is not null))
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancellation_date" date;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_policy_idx" ON "certificates" USING btree ("policy_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_idempotency_key" ON "certificates" USING btree ("user_id","idempotency_key_hash");