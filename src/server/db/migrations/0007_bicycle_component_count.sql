ALTER TABLE "bicycles" ADD COLUMN "component_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Kept by triggers (decision 0019): each bicycle's number of components, for the bicycle list and the
-- dashboard, which counted them on every read. A component arriving, leaving, or moving between bicycles
-- adds or takes one; nothing else in the app writes this column.
CREATE FUNCTION "bicycle_component_count_on_components"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."bicycle_id" IS NOT NULL THEN
    UPDATE "bicycles" SET "component_count" = "component_count" - 1 WHERE "id" = OLD."bicycle_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."bicycle_id" IS NOT NULL THEN
    UPDATE "bicycles" SET "component_count" = "component_count" + 1 WHERE "id" = NEW."bicycle_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts again from the components themselves: after a TRUNCATE (trigger below), at the end of this
-- migration, and by hand after a bulk load with triggers disabled (SELECT "bicycle_component_counts_recount"();).
CREATE FUNCTION "bicycle_component_counts_recount"() RETURNS void LANGUAGE sql AS $$
  UPDATE "bicycles" SET "component_count" = counted.n
  FROM (
    SELECT b."id", (SELECT count(*) FROM "components" c WHERE c."bicycle_id" = b."id")::integer AS n
    FROM "bicycles" b
  ) AS counted
  WHERE counted."id" = "bicycles"."id" AND "bicycles"."component_count" IS DISTINCT FROM counted.n;
$$;
--> statement-breakpoint
CREATE FUNCTION "bicycle_component_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bicycle_component_counts_recount"();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in migration 0006, the triggers come before the count, so the count takes in every component once.
CREATE TRIGGER "components_bicycle_component_count" AFTER INSERT OR DELETE ON "components" FOR EACH ROW EXECUTE FUNCTION "bicycle_component_count_on_components"();
--> statement-breakpoint
CREATE TRIGGER "components_bicycle_component_count_move" AFTER UPDATE OF "bicycle_id" ON "components" FOR EACH ROW WHEN (OLD."bicycle_id" IS DISTINCT FROM NEW."bicycle_id") EXECUTE FUNCTION "bicycle_component_count_on_components"();
--> statement-breakpoint
CREATE TRIGGER "components_bicycle_component_count_truncate" AFTER TRUNCATE ON "components" FOR EACH STATEMENT EXECUTE FUNCTION "bicycle_component_counts_on_truncate"();
--> statement-breakpoint
SELECT "bicycle_component_counts_recount"();
