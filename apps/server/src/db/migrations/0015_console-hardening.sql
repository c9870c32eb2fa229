DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_referral_id_trgm_idx";--> statement-breakpoint
DROP INDEX "email_outbox_to_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_lower_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_referral_id_trgm_idx" ON "users" USING gin ("referral_id" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING gin (lower("to_address") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The audit log is append-only: TRUNCATE (which UPDATE/DELETE triggers do not see) is refused too.
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
