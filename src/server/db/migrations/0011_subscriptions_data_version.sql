-- Decision 0028: the dashboard's plan is part of the user's data version, so the whole dashboard can be kept
-- between requests. A change to a subscription (a checkout, Stripe's webhook, a cancellation, an ended period
-- written by hand) renews a version of its user, in the same transaction. Subscriptions change one row at a
-- time, so a row trigger is enough. A period that ends by the clock alone changes no row: the dashboard's
-- statement checks the end it kept against now() itself.
CREATE FUNCTION "user_stats_on_subscriptions_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "user_stats_add"(OLD."user_id", 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    PERFORM "user_stats_add"(NEW."user_id", 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_user_stats_version" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_subscriptions_change"();
--> statement-breakpoint
-- A TRUNCATE writes no rows: count the figures again, as for the counted tables (migration 0006), which
-- writes new rows and so new versions for every user.
CREATE TRIGGER "subscriptions_user_stats_truncate" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_truncate"();
--> statement-breakpoint
-- The bicycles' component counts counted again by hand (after a bulk load with triggers disabled, migration
-- 0007) change only "component_count", which bicycles' version trigger leaves aside (migration 0010): renew
-- the version of each owner whose counts it corrected.
CREATE OR REPLACE FUNCTION "bicycle_component_counts_recount"() RETURNS void LANGUAGE sql AS $$
  WITH corrected AS (
    UPDATE "bicycles" SET "component_count" = counted.n
    FROM (
      SELECT b."id", (SELECT count(*) FROM "components" c WHERE c."bicycle_id" = b."id")::integer AS n
      FROM "bicycles" b
    ) AS counted
    WHERE counted."id" = "bicycles"."id" AND "bicycles"."component_count" IS DISTINCT FROM counted.n
    RETURNING "bicycles"."user_id"
  )
  SELECT "user_stats_add"(owner."user_id", 0, 0, 0, 0, 0) FROM (SELECT DISTINCT "user_id" FROM corrected) AS owner;
$$;
