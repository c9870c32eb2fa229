ALTER TABLE "sessions" ADD COLUMN "console_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "console_idle_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_console_idle_bounds" CHECK ("settings"."console_idle_minutes" BETWEEN 5 AND 480);