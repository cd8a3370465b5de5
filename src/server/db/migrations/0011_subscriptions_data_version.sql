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
