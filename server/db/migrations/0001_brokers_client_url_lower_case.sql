-- Rows written before the constraint: lower-case them (the API always looked them up lower-cased).
UPDATE "brokers" SET "client_url" = lower("client_url") WHERE "client_url" <> lower("client_url");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_client_url_lower_case" CHECK ("brokers"."client_url" = lower("brokers"."client_url"));
