CREATE TABLE "policy_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "renewal_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"submission_id" integer,
	"term" integer NOT NULL,
	"effective_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"asked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"renewed_policy_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_notices" ADD CONSTRAINT "policy_notices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_renewed_policy_id_policies_id_fk" FOREIGN KEY ("renewed_policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_notices_policy_kind_key" ON "policy_notices" USING btree ("policy_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_offers_policy_key" ON "renewal_offers" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_offers_submission_key" ON "renewal_offers" USING btree ("submission_id");