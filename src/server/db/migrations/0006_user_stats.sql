CREATE TABLE "user_stats" (
	"user_id" text NOT NULL,
	"shard" integer NOT NULL,
	"bicycles" integer DEFAULT 0 NOT NULL,
	"components" integer DEFAULT 0 NOT NULL,
	"in_parts_bin" integer DEFAULT 0 NOT NULL,
	"service_entries" integer DEFAULT 0 NOT NULL,
	"total_cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "user_stats_user_id_shard_pk" PRIMARY KEY("user_id","shard")
);
--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Kept by triggers (decision 0018). Each change adds to the row of the user's shard for this connection,
-- creating it; not while the user's own deletion is cascading (the user row is gone by then).
CREATE FUNCTION "user_stats_add"(p_user text, d_bicycles integer, d_components integer, d_in_parts_bin integer, d_service_entries integer, d_total_cost numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_stats" AS s ("user_id", "shard", "bicycles", "components", "in_parts_bin", "service_entries", "total_cost")
  SELECT p_user, pg_backend_pid() % 16, d_bicycles, d_components, d_in_parts_bin, d_service_entries, d_total_cost
  WHERE EXISTS (SELECT 1 FROM "user" WHERE "id" = p_user)
  ON CONFLICT ("user_id", "shard") DO UPDATE SET
    "bicycles" = s."bicycles" + EXCLUDED."bicycles",
    "components" = s."components" + EXCLUDED."components",
    "in_parts_bin" = s."in_parts_bin" + EXCLUDED."in_parts_bin",
    "service_entries" = s."service_entries" + EXCLUDED."service_entries",
    "total_cost" = s."total_cost" + EXCLUDED."total_cost";
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_bicycles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change of owner counts as leaving one user and arriving at the other.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "user_stats_add"(OLD."user_id", -1, 0, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "user_stats_add"(NEW."user_id", 1, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_components"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "user_stats_add"(OLD."user_id", 0, -1, -(OLD."bicycle_id" IS NULL)::integer, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "user_stats_add"(NEW."user_id", 0, 1, (NEW."bicycle_id" IS NULL)::integer, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_service_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "user_stats_add"(OLD."user_id", 0, 0, 0, -1, -OLD."cost");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "user_stats_add"(NEW."user_id", 0, 0, 0, 1, NEW."cost");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts everything again from the rows themselves: after a TRUNCATE (trigger below), at the end of this
-- migration, and by hand after a bulk load with triggers disabled (SELECT "user_stats_recount"();).
CREATE FUNCTION "user_stats_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "user_stats";
  INSERT INTO "user_stats" ("user_id", "shard", "bicycles", "components", "in_parts_bin", "service_entries", "total_cost")
  SELECT u."id", 0,
    (SELECT count(*) FROM "bicycles" b WHERE b."user_id" = u."id"),
    (SELECT count(*) FROM "components" c WHERE c."user_id" = u."id"),
    (SELECT count(*) FROM "components" c WHERE c."user_id" = u."id" AND c."bicycle_id" IS NULL),
    (SELECT count(*) FROM "service_entries" s WHERE s."user_id" = u."id"),
    (SELECT coalesce(sum(s."cost"), 0) FROM "service_entries" s WHERE s."user_id" = u."id")
  FROM "user" u;
$$;
--> statement-breakpoint
CREATE FUNCTION "user_stats_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_stats_recount"();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers come before the count: creating them waits for writes under way and holds new ones until
-- this migration commits, so the count below takes in every row exactly once. Updates count only when
-- they change what is counted (the owner, a component's bicycle or lack of one, an entry's cost).
CREATE TRIGGER "bicycles_user_stats" AFTER INSERT OR DELETE OR UPDATE OF "user_id" ON "bicycles" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_bicycles"();
--> statement-breakpoint
CREATE TRIGGER "components_user_stats" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "bicycle_id" ON "components" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_components"();
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "cost" ON "service_entries" FOR EACH ROW EXECUTE FUNCTION "user_stats_on_service_entries"();
--> statement-breakpoint
CREATE TRIGGER "bicycles_user_stats_truncate" AFTER TRUNCATE ON "bicycles" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_truncate"();
--> statement-breakpoint
CREATE TRIGGER "components_user_stats_truncate" AFTER TRUNCATE ON "components" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_truncate"();
--> statement-breakpoint
CREATE TRIGGER "service_entries_user_stats_truncate" AFTER TRUNCATE ON "service_entries" FOR EACH STATEMENT EXECUTE FUNCTION "user_stats_on_truncate"();
--> statement-breakpoint
SELECT "user_stats_recount"();
