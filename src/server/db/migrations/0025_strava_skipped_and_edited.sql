CREATE TABLE "strava_skipped_activities" (
	"user_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_skipped_activities_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "strava_skipped_activities" ADD CONSTRAINT "strava_skipped_activities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;