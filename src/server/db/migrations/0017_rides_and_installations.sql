CREATE TABLE "component_installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"component_id" uuid NOT NULL,
	"bicycle_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bicycle_id" uuid NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"distance_km" numeric(10, 3) NOT NULL,
	"moving_seconds" integer NOT NULL,
	"elevation_gain_m" integer,
	"source" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component_installations" ADD CONSTRAINT "component_installations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_installations" ADD CONSTRAINT "component_installations_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_installations" ADD CONSTRAINT "component_installations_bicycle_id_bicycles_id_fk" FOREIGN KEY ("bicycle_id") REFERENCES "public"."bicycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_bicycle_id_bicycles_id_fk" FOREIGN KEY ("bicycle_id") REFERENCES "public"."bicycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "component_installations_component_idx" ON "component_installations" USING btree ("component_id","started_at");--> statement-breakpoint
CREATE INDEX "component_installations_bicycle_idx" ON "component_installations" USING btree ("bicycle_id");--> statement-breakpoint
CREATE INDEX "rides_bicycle_started_idx" ON "rides" USING btree ("bicycle_id","started_at","distance_km","moving_seconds");--> statement-breakpoint
CREATE INDEX "rides_user_started_idx" ON "rides" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rides_user_external_idx" ON "rides" USING btree ("user_id","source","external_id");--> statement-breakpoint
-- Every existing component gets one period: where it is now, from this upgrade on. Its mileage, kept up to date
-- by hand until now, becomes its distance before tracking; a period from its creation would count past rides
-- brought in later (a Strava import, ride files) a second time (decision 0064).
INSERT INTO "component_installations" ("user_id", "component_id", "bicycle_id", "started_at")
SELECT "user_id", "id", "bicycle_id", now() FROM "components";
