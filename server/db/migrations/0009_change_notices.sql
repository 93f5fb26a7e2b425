-- Change notices (server/db/change-notices.ts): the database itself announces every write that
-- the in-process caches depend on, so no write path (an admin route, a seed, a script, a test's
-- direct update) can forget to. NOTIFY is transactional: heard on commit, never for a rollback.
CREATE OR REPLACE FUNCTION "change_notice_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('change_notices', 'catalogue');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the public catalogue and the rating catalogue read: once per statement is enough.
CREATE TRIGGER "speciality_categories_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "speciality_categories" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "specialities_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "specialities" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "brokers_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brokers" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "broker_specialities_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "broker_specialities" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "us_states_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "us_states" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "rate_tables_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rate_tables" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "questions_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "questions" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
CREATE TRIGGER "payment_terms_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_terms" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_catalogue"();
--> statement-breakpoint
-- Sessions: 'sessions:<user id>' whenever a session of the user may have ended or the user's
-- role changed. PostgreSQL folds identical notices of one transaction into one.
CREATE OR REPLACE FUNCTION "change_notice_sessions_of_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('change_notices', 'sessions:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_notice_sessions_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('change_notices', 'sessions:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Revoked: sign-out, reuse detection, password change or reset, the other devices signed out.
CREATE TRIGGER "refresh_tokens_revoked_notice" AFTER UPDATE OF "revoked_at" ON "refresh_tokens" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "change_notice_sessions_of_token"();
--> statement-breakpoint
-- A family's live token deleted (housekeeping removes only long-expired ones; anyone else may not).
CREATE TRIGGER "refresh_tokens_deleted_notice" AFTER DELETE ON "refresh_tokens" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND OLD."replaced_by_id" IS NULL) EXECUTE FUNCTION "change_notice_sessions_of_token"();
--> statement-breakpoint
CREATE TRIGGER "users_role_notice" AFTER UPDATE OF "role" ON "users" FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "change_notice_sessions_of_user"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted_notice" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "change_notice_sessions_of_user"();
