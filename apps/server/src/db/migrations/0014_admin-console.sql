-- Trigram indexes let the console search users and the mailbox by any part of a name or address.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"transfer_fee_bps" integer NOT NULL,
	"referral_bonus_cents" bigint NOT NULL,
	"security_deposit_bps" integer NOT NULL,
	"min_deposit_cents" bigint NOT NULL,
	"min_withdrawal_cents" bigint NOT NULL,
	"support_email" text NOT NULL,
	"support_chat_url" text NOT NULL,
	"operator_email" text NOT NULL,
	"auto_activate_after_hours" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_one_row" CHECK ("settings"."id"),
	CONSTRAINT "settings_transfer_fee_bounds" CHECK ("settings"."transfer_fee_bps" BETWEEN 0 AND 5000),
	CONSTRAINT "settings_security_deposit_bounds" CHECK ("settings"."security_deposit_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "settings_referral_bonus_bounds" CHECK ("settings"."referral_bonus_cents" >= 0),
	CONSTRAINT "settings_minimums_positive" CHECK ("settings"."min_deposit_cents" > 0 AND "settings"."min_withdrawal_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_inactive_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_admin_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."role" = 'admin';--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_referral_id_trgm_idx" ON "users" USING gin ("referral_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investments_plan_idx" ON "investments" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING gin (lower("to_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The one settings row, with the specification's constants; each start copies the environment's
-- values in until an operator saves the settings (core/settings).
INSERT INTO "settings" ("id", "transfer_fee_bps", "referral_bonus_cents", "security_deposit_bps", "min_deposit_cents", "min_withdrawal_cents", "support_email", "support_chat_url", "operator_email", "auto_activate_after_hours")
VALUES (true, 200, 5000, 1000, 10000, 10000, 'support@meridian.local', 'https://t.me/meridian_support', 'admin@meridian.local', NULL)
ON CONFLICT ("id") DO NOTHING;
