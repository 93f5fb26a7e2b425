-- Lifecycle moves record who sent them (insured, underwriter, system), and an order remembers when it
-- entered its status: the underwriter's queue is oldest first by that time.
ALTER TABLE "submission_events" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "submissions" SET "status_changed_at" = "updated_at";--> statement-breakpoint
CREATE INDEX "submissions_status_changed_idx" ON "submissions" USING btree ("status","status_changed_at");
