-- Issue 16 (signed application): every electronic signature of an order's application, append-only;
-- the newest is the order's signature. It keeps the record signed (JSON) and its SHA-256, the consent
-- and agreement given, the signer's name, address and browser, and the time from the server's clock.
CREATE TABLE "application_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"record_hash" text NOT NULL,
	"record" jsonb NOT NULL,
	"consent_to_electronic_records" boolean NOT NULL,
	"agree_to_declarations" boolean NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_signatures_consent_check" CHECK ("application_signatures"."consent_to_electronic_records" and "application_signatures"."agree_to_declarations"),
	CONSTRAINT "application_signatures_hash_check" CHECK ("application_signatures"."record_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_signatures_submission_idx" ON "application_signatures" USING btree ("submission_id","id");