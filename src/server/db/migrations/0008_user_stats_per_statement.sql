-- The kept figures (migration 0006) follow inserts and deletes once per statement instead of once per row
-- (decision 0020). A row trigger added to the same user_stats row once for every row a statement wrote, and
-- every such update within one transaction walks past all the row's versions that transaction made before:
-- deleting a component with 9,000 service entries took a second, and grew with the square of the count.
-- Now each statement adds, per user, the count and cost of the rows it inserted or deleted, read from its
-- transition table. Updates that change what is counted stay per row (they come one at a time).
CREATE FUNCTION "user_stats_on_bicycles_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_stats_add"(r."user_id", r."n"::integer, 0, 0, 0, 0)
    FROM (SELECT "user_id", count(*) AS "n" FROM "new_rows" GROUP BY "user_id") r;
  ELSE
    PERFORM "user_stats_add"(r."user_id", -r."n"::integer, 0, 0, 0, 0)
    FROM (SELECT "user_id", count(*) AS "n" FROM "old_rows" GROUP BY "user_id") r;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_components_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_stats_add"(r."user_id", 0, r."n"::integer, r."loose"::integer, 0, 0)
    FROM (SELECT "user_id", count(*) AS "n", count(*) FILTER (WHERE "bicycle_id" IS NULL) AS "loose"
      FROM "new_rows" GROUP BY "user_id") r;
  ELSE
    PERFORM "user_stats_add"(r."user_id", 0, -r."n"::integer, -r."loose"::integer, 0, 0)
    FROM (SELECT "user_id", count(*) AS "n", count(*) FILTER (WHERE "bicycle_id" IS NULL) AS "loose"
      FROM "old_rows" GROUP BY "user_id") r;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_service_entries_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_stats_add"(r."user_id", 0, 0, 0, r."n"::integer, r."cost")
    FROM (SELECT "user_id", count(*) AS "n", sum("cost") AS "cost" FROM "new_rows" GROUP BY "user_id") r;
  ELSE
    PERFORM "user_stats_add"(r."user_id", 0, 0, 0, -r."n"::integer, -r."cost")
    FROM (SELECT "user_id", count(*) AS "n", sum("cost") AS "cost" FROM "old_rows" GROUP BY "user_id") r;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each old trigger is replaced inside this migration's transaction: writes wait for it, and no row is
-- counted twice or missed.
DROP TRIGGER "bicycles_user_stats" ON "bicycles";
--> statement-breakpoint
CREATE TRIGGER "bicycles_user_stats" AFTER UPDATE OF "user_id" ON "bicycles" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_bicycles"();
--> statement-breakpoint
CREATE TRIGGER "bicycles_user_stats_insert" AFTER INSERT ON "bicycles" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_bicycles_statement"();
--> statement-breakpoint
CREATE TRIGGER "bicycles_user_stats_delete" AFTER DELETE ON "bicycles" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_bicycles_statement"();
--> statement-breakpoint
DROP TRIGGER "components_user_stats" ON "components";
--> statement-breakpoint
CREATE TRIGGER "components_user_stats" AFTER UPDATE OF "user_id", "bicycle_id" ON "components" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_components"();
--> statement-breakpoint
CREATE TRIGGER "components_user_stats_insert" AFTER INSERT ON "components" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_components_statement"();
--> statement-breakpoint
CREATE TRIGGER "components_user_stats_delete" AFTER DELETE ON "components" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_components_statement"();
--> statement-breakpoint
DROP TRIGGER "service_entries_user_stats" ON "service_entries";
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats" AFTER UPDATE OF "user_id", "cost" ON "service_entries" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_service_entries"();
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats_insert" AFTER INSERT ON "service_entries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_service_entries_statement"();
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats_delete" AFTER DELETE ON "service_entries" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_service_entries_statement"();
