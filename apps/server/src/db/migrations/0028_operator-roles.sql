-- Operators get roles of least privilege (owner, finance, support, auditor) instead of one 'admin':
-- every admin so far could do everything, so each becomes an owner.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
-- The console's operators filter now means every role but 'user'.
DROP INDEX "users_admin_created_idx";--> statement-breakpoint
CREATE INDEX "users_admin_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."role" <> 'user';
