-- One plain data path (decision 0031): the kept figures, the data versions and the kept component counts go.
-- Dropping each trigger function with CASCADE drops the triggers that call it.
DROP FUNCTION IF EXISTS "user_stats_on_bicycles"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_bicycles_statement"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_bicycles_update_statement"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_components"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_components_statement"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_service_entries"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_service_entries_statement"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_update_statement"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_subscriptions_change"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_on_truncate"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "bicycle_component_count_on_components"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "bicycle_component_counts_on_truncate"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "bicycle_component_counts_recount"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_recount"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_stats_add"(text, integer, integer, integer, integer, numeric) CASCADE;--> statement-breakpoint
DROP TABLE "user_stats" CASCADE;--> statement-breakpoint
DROP SEQUENCE "public"."user_stats_version";--> statement-breakpoint
DROP INDEX "bicycles_user_created_idx";--> statement-breakpoint
DROP INDEX "service_entries_user_date_created_idx";--> statement-breakpoint
ALTER TABLE "shared_bikes" ALTER COLUMN "bike_data" SET DATA TYPE jsonb USING "bike_data"::jsonb;--> statement-breakpoint
CREATE INDEX "bicycles_user_created_idx" ON "bicycles" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_entries_user_date_created_idx" ON "service_entries" USING btree ("user_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "bicycles" DROP COLUMN "component_count";
