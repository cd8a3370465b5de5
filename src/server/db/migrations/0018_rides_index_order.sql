DROP INDEX "rides_bicycle_started_idx";--> statement-breakpoint
DROP INDEX "rides_user_started_idx";--> statement-breakpoint
CREATE INDEX "rides_bicycle_started_idx" ON "rides" USING btree ("bicycle_id","started_at","id","distance_km","moving_seconds");--> statement-breakpoint
CREATE INDEX "rides_user_started_idx" ON "rides" USING btree ("user_id","started_at","id","distance_km","moving_seconds");