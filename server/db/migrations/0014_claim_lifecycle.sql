CREATE TYPE "public"."claim_status" AS ENUM('reported', 'acknowledged', 'under_review', 'closed');--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"from_status" "claim_status",
	"to_status" "claim_status" NOT NULL,
	"party" text NOT NULL,
	"actor_user_id" integer,
	"note" text,
	"idempotency_key_hash" text,
	"idempotency_request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_events_party_check" CHECK ("claim_events"."party" in ('insured', 'handler'))
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"party" text NOT NULL,
	"body" text NOT NULL,
	"idempotency_key_hash" text,
	"idempotency_request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_messages_party_check" CHECK ("claim_messages"."party" in ('insured', 'handler'))
);
--> statement-breakpoint
ALTER TABLE "claims" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
-- Claims' statuses before the claim lifecycle: 'open' (the old default) was never taken up, so it
-- is 'reported'; 'denied', 'settled', 'paid', 'withdrawn', 'rejected' and 'resolved' ended the
-- claim: 'closed'; anything else someone was working on: 'under_review', which a handler can close.
UPDATE "claims" SET "status" = CASE
	WHEN "status" = 'open' THEN 'reported'
	WHEN "status" IN ('denied', 'settled', 'paid', 'withdrawn', 'rejected', 'resolved') THEN 'closed'
	ELSE 'under_review'
END WHERE "status" NOT IN ('reported', 'acknowledged', 'under_review', 'closed');--> statement-breakpoint
ALTER TABLE "claims" ALTER COLUMN "status" SET DATA TYPE "public"."claim_status" USING "status"::"public"."claim_status";--> statement-breakpoint
ALTER TABLE "claims" ALTER COLUMN "status" SET DEFAULT 'reported'::"public"."claim_status";--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_events_idempotency_key" ON "claim_events" USING btree ("actor_user_id","idempotency_key_hash");--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_messages_idempotency_key" ON "claim_messages" USING btree ("author_user_id","idempotency_key_hash");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","created_at");;--> statement-breakpoint
-- Every claim's timeline starts with its report; a claim already moved on gets that move too,
-- from nobody in particular (no handler was recorded) at its last update.
INSERT INTO "claim_events" ("claim_id", "from_status", "to_status", "party", "actor_user_id", "created_at")
	SELECT "id", NULL, 'reported', 'insured', "user_id", "created_at" FROM "claims" ORDER BY "id";--> statement-breakpoint
INSERT INTO "claim_events" ("claim_id", "from_status", "to_status", "party", "actor_user_id", "created_at")
	SELECT "id", 'reported', "status", 'handler', NULL, greatest("updated_at", "created_at") FROM "claims" WHERE "status" <> 'reported';
