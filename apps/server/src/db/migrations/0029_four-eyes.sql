CREATE TABLE "pending_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"journal_id" bigint,
	CONSTRAINT "pending_adjustments_amount_nonzero" CHECK ("pending_adjustments"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "four_eyes_threshold_cents" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_adjustments" ADD CONSTRAINT "pending_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_adjustments_awaiting_idx" ON "pending_adjustments" USING btree ("requested_at","id") WHERE "pending_adjustments"."status" = 'awaiting';--> statement-breakpoint
CREATE INDEX "pending_adjustments_user_idx" ON "pending_adjustments" USING btree ("user_id","requested_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_four_eyes_bounds" CHECK ("settings"."four_eyes_threshold_cents" BETWEEN 1 AND 1000000000000);