ALTER TABLE "shared_bikes" ADD COLUMN "bicycle_id" uuid;--> statement-breakpoint
ALTER TABLE "shared_bikes" ADD CONSTRAINT "shared_bikes_bicycle_id_bicycles_id_fk" FOREIGN KEY ("bicycle_id") REFERENCES "public"."bicycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_bikes_bicycle_idx" ON "shared_bikes" USING btree ("bicycle_id");