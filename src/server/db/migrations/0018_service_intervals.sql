CREATE TABLE "service_entry_intervals" (
	"service_entry_id" uuid NOT NULL,
	"interval_id" uuid NOT NULL,
	CONSTRAINT "service_entry_intervals_service_entry_id_interval_id_pk" PRIMARY KEY("service_entry_id","interval_id")
);
--> statement-breakpoint
CREATE TABLE "service_intervals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"component_id" uuid NOT NULL,
	"label" text NOT NULL,
	"every_km" numeric(10, 1),
	"every_hours" numeric(8, 1),
	"every_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_intervals_some_measure" CHECK ("service_intervals"."every_km" is not null or "service_intervals"."every_hours" is not null or "service_intervals"."every_months" is not null)
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "due_soon_percent" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_entry_intervals" ADD CONSTRAINT "service_entry_intervals_service_entry_id_service_entries_id_fk" FOREIGN KEY ("service_entry_id") REFERENCES "public"."service_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entry_intervals" ADD CONSTRAINT "service_entry_intervals_interval_id_service_intervals_id_fk" FOREIGN KEY ("interval_id") REFERENCES "public"."service_intervals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_intervals" ADD CONSTRAINT "service_intervals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_intervals" ADD CONSTRAINT "service_intervals_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_entry_intervals_interval_idx" ON "service_entry_intervals" USING btree ("interval_id","service_entry_id");--> statement-breakpoint
CREATE INDEX "service_intervals_component_idx" ON "service_intervals" USING btree ("component_id","created_at");--> statement-breakpoint
CREATE INDEX "service_intervals_user_idx" ON "service_intervals" USING btree ("user_id");