CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_completed_at" timestamp with time zone
);
