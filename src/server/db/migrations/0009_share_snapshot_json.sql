-- Share snapshots are stored as the JSON text the server wrote (json, not jsonb): the public share view
-- sends the snapshot as text, and rendering a jsonb document of tens of KB back to text cost PostgreSQL
-- about four times as much as the whole rest of that request (decision 0022).
ALTER TABLE "shared_bikes" ALTER COLUMN "bike_data" SET DATA TYPE json USING "bike_data"::json;
