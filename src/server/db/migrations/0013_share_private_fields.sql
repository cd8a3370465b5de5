-- Share links made before issue T held more than their page showed (security review, item 2). No owner
-- ever chose to share a serial number, so it goes from every snapshot. The price goes where the costs
-- were left out (service entries, none with a cost) and where that cannot be told (no service entries):
-- leaving out a price the owner meant to show costs less than showing one they meant to keep.
UPDATE "shared_bikes" SET "bike_data" = "bike_data" #- '{bike,serialNumber}';
--> statement-breakpoint
UPDATE "shared_bikes" SET "bike_data" = "bike_data" #- '{bike,price}'
WHERE NOT EXISTS (
  SELECT 1 FROM jsonb_array_elements(coalesce("bike_data" -> 'services', '[]'::jsonb)) AS "service"
  WHERE "service" -> 'cost' IS NOT NULL
);
