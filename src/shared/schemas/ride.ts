import { z } from "zod";
import { type DistanceUnit, fromKm, fromMetres, toKm, toMetres } from "../domain/distance.ts";
import { formatNumber } from "../format.ts";
import { messages } from "../messages.ts";
import { changesOf, decimalInput, requiredText, toNumber } from "./common.ts";

const m = messages.rides;

/** The most a ride may be, so that a typo (or a unit mix-up) is caught rather than stored. */
export const MAX_RIDE_KM = 2000;
export const MAX_MOVING_SECONDS = 48 * 3600;
export const MAX_ELEVATION_M = 20_000;
/** The earliest a ride may start: 1 January 1900, UTC. */
export const EARLIEST_RIDE_START = Date.UTC(1900, 0, 1);

/** A ride as the API takes it: distance in km, moving time in seconds, the start as an ISO 8601 instant. */
export const rideInputSchema = z.object({
  name: requiredText(200, m.nameRequired, "Name must be at most 200 characters"),
  startedAt: z.iso
    .datetime({ offset: true, error: m.startRequired })
    // An hour's grace for a device whose clock runs ahead.
    .refine((at) => Date.parse(at) <= Date.now() + 3_600_000, { message: m.startInFuture })
    // A year typed short ("0024") is a typo, and the database's years below 100 read back a century off.
    .refine((at) => Date.parse(at) >= EARLIEST_RIDE_START, { message: m.startTooEarly }),
  distanceKm: z.preprocess(
    decimalInput("Distance"),
    z
      .number({ error: m.distanceInvalid })
      // Rounded to the metre as stored before it is checked: 0.0004 km would be stored as a ride of 0 km.
      .transform((n) => Math.round(n * 1000) / 1000)
      // A number too large to round (1e308 km) is Infinity here: the same message.
      .pipe(
        z.number({ error: m.distanceInvalid }).gt(0, m.distanceInvalid).max(MAX_RIDE_KM, m.distanceInvalid),
      ),
  ),
  movingSeconds: z.preprocess(
    toNumber,
    z
      .number({ error: m.timeInvalid })
      .int(m.timeWholeSeconds)
      .min(0, m.timeInvalid)
      .max(MAX_MOVING_SECONDS, m.timeInvalid),
  ),
  elevationGainM: z
    .preprocess(
      toNumber,
      z
        .number({ error: m.elevationInvalid })
        .int(m.elevationInvalid)
        .min(0, m.elevationInvalid)
        .max(MAX_ELEVATION_M, m.elevationInvalid)
        .nullable(),
    )
    .default(null),
});

export type RideInput = z.output<typeof rideInputSchema>;

/**
 * What a change (PUT) sends: a field left out keeps its value, null clears it; `bicycleId` moves the ride to
 * another of the rider's bicycles (and its distance to the components on that one at the ride's time).
 */
export const rideChangesSchema = changesOf(rideInputSchema).extend({
  bicycleId: z
    .uuid({ error: m.bicycleInvalid })
    .optional()
    .meta({ description: "Moves the ride to this bicycle of yours (another user's or none is a 404)." }),
});
export type RideChanges = z.output<typeof rideChangesSchema>;

export const RIDE_SOURCES = ["manual", "file", "strava"] as const;

export const rideSchema = z.object({
  id: z.string(),
  bicycleId: z.string(),
  bicycleName: z.string(),
  name: z.string(),
  startedAt: z.string(),
  distanceKm: z.number(),
  movingSeconds: z.number(),
  elevationGainM: z.number().nullable(),
  source: z.enum(RIDE_SOURCES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Ride = z.infer<typeof rideSchema>;

/** Distance and moving time added up, with the number of rides. */
export const rideTotalsSchema = z.object({
  rides: z.number(),
  distanceKm: z.number(),
  movingSeconds: z.number(),
});

export type RideTotals = z.infer<typeof rideTotalsSchema>;

export const RIDES_PAGE_SIZE = 50;

export const ridesPageQuerySchema = z.object({
  /**
   * Minutes east of UTC at New Year where the rider is (e.g. 60 in Berlin, -300 in New York): the totals per
   * year then split at the rider's own midnight, not London's. 0 when absent.
   */
  utcOffset: z
    .preprocess(
      toNumber,
      z
        .number({ error: "utcOffset must be whole minutes from -840 to 840" })
        .int("utcOffset must be whole minutes from -840 to 840")
        .min(-840, "utcOffset must be whole minutes from -840 to 840")
        .max(840, "utcOffset must be whole minutes from -840 to 840")
        .nullable(),
    )
    .transform((minutes) => minutes ?? 0),
  page: z
    .preprocess(
      toNumber,
      z
        .number({ error: "Page must be a whole number from 1" })
        .int()
        .min(1, "Page must be a whole number from 1"),
    )
    .default(1),
});

export const ridesPageSchema = z.object({
  rides: z.array(rideSchema),
  page: z.number(),
  pageCount: z.number(),
  totals: rideTotalsSchema,
  byYear: z.array(rideTotalsSchema.extend({ year: z.number() })),
  /** The same rides' totals per bicycle, by name (one entry on a bicycle's own page). */
  byBicycle: z.array(rideTotalsSchema.extend({ bicycleId: z.string(), bicycleName: z.string() })),
});

export type RidesPage = z.infer<typeof ridesPageSchema>;

/**
 * The largest figures the ride form takes in the rider's unit: a distance to one decimal, a climb in whole units,
 * each the largest that is within the server's limit once converted as the form converts it.
 */
export function rideFormLimits(unit: DistanceUnit): { distance: number; elevation: number } {
  let distance = fromKm(MAX_RIDE_KM, unit) + 0.2;
  while (toKm(distance, unit, 3) > MAX_RIDE_KM) distance = Math.round((distance - 0.1) * 10) / 10;
  let elevation = fromMetres(MAX_ELEVATION_M, unit) + 4;
  while (toMetres(elevation, unit) > MAX_ELEVATION_M) elevation -= 1;
  return { distance, elevation };
}

/**
 * The ride form as typed: distance in the user's unit, the start as a local date and time, time as h and min.
 * A distance and a climb are checked as the server checks them once converted (so the form and the API take
 * the same rides), and refused in the rider's own unit (a miles rider never reads a km limit).
 */
export function rideFormSchema(unit: DistanceUnit) {
  const limits = rideFormLimits(unit);
  const distanceInvalid = m.distanceInvalidIn(formatNumber(limits.distance), unit);
  const elevationInvalid = m.elevationInvalidIn(
    unit === "mi" ? "feet" : "metres",
    formatNumber(limits.elevation, 0),
  );
  return z.object({
    name: requiredText(200, m.nameRequired, "Name must be at most 200 characters"),
    /** An edit's bicycle (the ride's own unless the rider moves it); a new ride goes on the bicycle shown. */
    bicycleId: z.string().optional(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.startRequired),
    time: z.string().regex(/^\d{2}:\d{2}$/, m.startRequired),
    distance: z.preprocess(
      decimalInput("Distance"),
      z.number({ error: distanceInvalid }).refine((typed) => {
        const km = toKm(typed, unit, 3);
        return km > 0 && km <= MAX_RIDE_KM;
      }, distanceInvalid),
    ),
    hours: z.preprocess(
      (v) => toNumber(v) ?? 0,
      z.number({ error: m.timeInvalid }).int(m.timeInvalid).min(0, m.timeInvalid),
    ),
    minutes: z.preprocess(
      (v) => toNumber(v) ?? 0,
      z.number({ error: m.timeInvalid }).int(m.timeInvalid).min(0, m.timeInvalid).max(59, m.timeInvalid),
    ),
    elevation: z.preprocess(
      decimalInput("Elevation gain"),
      z
        .number({ error: elevationInvalid })
        .int(elevationInvalid)
        .min(0, elevationInvalid)
        .refine((typed) => toMetres(typed, unit) <= MAX_ELEVATION_M, elevationInvalid)
        .nullable(),
    ),
  });
}

export type RideFormValues = z.input<ReturnType<typeof rideFormSchema>>;
export type RideForm = z.output<ReturnType<typeof rideFormSchema>>;

/** The most a single ride file may hold, and a .zip of them (uploaded one file per request). */
export const MAX_RIDE_FILE_BYTES = 25 * 1024 * 1024;
export const MAX_RIDE_ZIP_BYTES = 100 * 1024 * 1024;
export const MAX_RIDES_PER_ZIP = 500;
/** `.gz`: Strava's bulk export gzips most activity files (`.fit.gz`, `.gpx.gz`, `.tcx.gz`). */
export const RIDE_FILE_ACCEPT = ".gpx,.tcx,.fit,.gz,.zip";

export const rideFileQuerySchema = z.object({
  name: z
    .string({ error: messages.rideFiles.nameRequired })
    .trim()
    .min(1, messages.rideFiles.nameRequired)
    .max(300, messages.rideFiles.nameTooLong),
});

/** What became of one file: a new ride, a ride already there, or why it could not be read. */
export const rideFileResultSchema = z.object({
  file: z.string(),
  status: z.enum(["imported", "duplicate", "unreadable"]),
  reason: z.string().nullable(),
  ride: rideSchema.nullable().meta({
    description:
      "The ride imported, or the one already there. Its bicycleId and bicycleName say which bicycle it is on: a ride of Strava's bulk export goes on the bicycle its gear names, which may not be the bicycle of the request.",
  }),
});

export type RideFileResult = z.infer<typeof rideFileResultSchema>;
