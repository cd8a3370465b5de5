import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  MAX_RIDE_ZIP_BYTES,
  rideFileQuerySchema,
  rideInputSchema,
  ridesPageQuerySchema,
} from "../../../shared/schemas/ride.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { importRideFile } from "./import.ts";
import { createRide, deleteRide, listBicycleRides, listRides, updateRide } from "./service.ts";

/** Mounted at /api/bicycles: a bicycle's rides. */
export function bicycleRideRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      "/:id/rides",
      signedIn(),
      validate("param", idParamSchema),
      validate("query", ridesPageQuerySchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json(
          await listBicycleRides(db, user.id, c.req.valid("param").id, c.req.valid("query").page),
        );
      },
    )
    .post(
      "/:id/rides/files",
      signedIn(),
      validate("param", idParamSchema),
      validate("query", rideFileQuerySchema),
      bodyLimit(MAX_RIDE_ZIP_BYTES, messages.rideFiles.tooLarge),
      async (c) => {
        const user = requireUser(c.get("user"));
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const { id } = c.req.valid("param");
        const { name } = c.req.valid("query");
        return c.json({ results: await importRideFile(db, user.id, id, name, bytes) });
      },
    )
    .post(
      "/:id/rides",
      signedIn(),
      validate("param", idParamSchema),
      validate("json", rideInputSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        const ride = await createRide(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ ride }, 201);
      },
    );
}

/** Mounted at /api/rides: every ride of the user, and one ride by its id. */
export function rideRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get("/", signedIn(), validate("query", ridesPageQuerySchema), async (c) => {
      return c.json(await listRides(db, requireUser(c.get("user")).id, c.req.valid("query").page));
    })
    .put(
      "/:id",
      signedIn(),
      validate("param", idParamSchema),
      validate("json", rideInputSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ ride: await updateRide(db, user.id, c.req.valid("param").id, c.req.valid("json")) });
      },
    )
    .delete("/:id", signedIn(), validate("param", idParamSchema), async (c) => {
      await deleteRide(db, requireUser(c.get("user")).id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
