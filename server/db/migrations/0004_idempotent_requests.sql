-- A retry with an Idempotency-Key must be the same request: the hash of the request that made the row,
-- kept beside its key, so another request with that key is refused (422) instead of answered with this row.
ALTER TABLE "additional_insureds" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "idempotency_request_hash" text;