CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_notices" (
	"interval_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"told_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_digest" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"calendar_key" text,
	"calendar_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_interval_id_service_intervals_id_fk" FOREIGN KEY ("interval_id") REFERENCES "public"."service_intervals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_notices_user_idx" ON "reminder_notices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_preferences_calendar_token_hash_key" ON "reminder_preferences" USING btree ("calendar_token_hash");