CREATE SEQUENCE "public"."user_stats_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "version" bigint DEFAULT nextval('user_stats_version') NOT NULL;--> statement-breakpoint
-- Decision 0027: every write of a user_stats row gives it a new version, so each change to a user's
-- bicycles, components or service entries changes the set of that user's versions, in the change's own
-- transaction. The proposed row's default takes the new value from the sequence, also when it updates.
CREATE OR REPLACE FUNCTION "user_stats_add"(p_user text, d_bicycles integer, d_components integer, d_in_parts_bin integer, d_service_entries integer, d_total_cost numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_stats" AS s ("user_id", "shard", "bicycles", "components", "in_parts_bin", "service_entries", "total_cost")
  SELECT p_user, pg_backend_pid() % 16, d_bicycles, d_components, d_in_parts_bin, d_service_entries, d_total_cost
  WHERE EXISTS (SELECT 1 FROM "user" WHERE "id" = p_user)
  ON CONFLICT ("user_id", "shard") DO UPDATE SET
    "bicycles" = s."bicycles" + EXCLUDED."bicycles",
    "components" = s."components" + EXCLUDED."components",
    "in_parts_bin" = s."in_parts_bin" + EXCLUDED."in_parts_bin",
    "service_entries" = s."service_entries" + EXCLUDED."service_entries",
    "total_cost" = s."total_cost" + EXCLUDED."total_cost",
    "version" = EXCLUDED."version";
END $$;
--> statement-breakpoint
-- Inserts and deletes already write the figures (migration 0008); updates that change no figure (a new
-- name, mileage, date) now write a new version too, once per statement and user.
CREATE FUNCTION "user_stats_on_update_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_stats_add"(u."user_id", 0, 0, 0, 0, 0)
  FROM (SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows") u;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- On bicycles, not for a change of "component_count" alone: the components' own triggers keep it, once per
-- component row, and their statement has already renewed the version. Renewing it again for each of those
-- rows would update one user_stats row hundreds of times in a bulk insert (the cost decision 0020 removed).
CREATE FUNCTION "user_stats_on_bicycles_update_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_stats_add"(u."user_id", 0, 0, 0, 0, 0)
  FROM (
    SELECT DISTINCT owner."user_id"
    FROM "new_rows" n FULL JOIN "old_rows" o ON o."id" = n."id"
    CROSS JOIN LATERAL (VALUES (n."user_id"), (o."user_id")) AS owner("user_id")
    WHERE owner."user_id" IS NOT NULL
      AND (n."id" IS NULL OR o."id" IS NULL
        OR (to_jsonb(n) - 'component_count') IS DISTINCT FROM (to_jsonb(o) - 'component_count'))
  ) u;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bicycles_user_stats_version" AFTER UPDATE ON "bicycles" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_bicycles_update_statement"();
--> statement-breakpoint
CREATE TRIGGER "components_user_stats_version" AFTER UPDATE ON "components" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_update_statement"();
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats_version" AFTER UPDATE ON "service_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_update_statement"();
