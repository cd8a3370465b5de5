import { z } from "zod";

/** The user's Strava connection, or null when they have not connected. */
export const stravaStatusSchema = z.object({
  connection: z
    .object({
      athleteName: z.string(),
      connectedAt: z.string(),
    })
    .nullable(),
  /**
   * Whether this server takes Strava's webhook events (STRAVA_WEBHOOK_SUBSCRIPTION_ID set): new rides then
   * come in by themselves; without it only "Import past rides" brings them in.
   */
  automaticSync: z.boolean(),
});
export type StravaStatus = z.infer<typeof stravaStatusSchema>;

/** A Strava bike and the Velolog bicycle its rides go to (null: not imported). */
export const stravaBikeSchema = z.object({
  id: z.string(),
  name: z.string(),
  bicycleId: z.string().nullable(),
});
export type StravaBike = z.infer<typeof stravaBikeSchema>;

export const stravaBikesSchema = z.object({ bikes: z.array(stravaBikeSchema) });

export const stravaBikeParamSchema = z.object({
  gearId: z.string().regex(/^b\d{1,20}$/, "Not a Strava bike id"),
});

export const stravaMappingInputSchema = z.object({
  bicycleId: z.uuid({ error: "Please choose one of your bicycles" }).nullable(),
});

export const stravaConnectSchema = z.object({ url: z.string() });

/**
 * What "Import past rides" did: rides added, rides that were already there (from Strava or a file),
 * activities left out because the rider deleted their rides in Velolog, and rides on a mapped bike left out
 * because they have no distance (trainer sessions, manual ones without it: a ride needs a distance).
 */
export const stravaImportResultSchema = z.object({
  imported: z.number(),
  alreadyThere: z.number(),
  skipped: z.number(),
  withoutDistance: z.number(),
  /** The import stopped at its limit (40,000 activities) with more to come: the next one goes on from there. */
  more: z.boolean(),
});
export type StravaImportResult = z.infer<typeof stravaImportResultSchema>;

/** Query parameters Strava sends the athlete back with (the callback ends with a redirect to /account). */
const callbackParam = (name: string) => {
  const message = `${name} must be given once, as text of at most 500 characters`;
  return z.string({ error: message }).max(500, message).optional();
};
export const stravaCallbackQuerySchema = z.object({
  state: callbackParam("state"),
  code: callbackParam("code"),
  scope: callbackParam("scope"),
  error: callbackParam("error"),
});

/** What /account?strava=… says after the callback. */
export const STRAVA_OUTCOMES = ["connected", "denied", "scope", "taken", "failed"] as const;
/** The /auth?error=… the callback sends a browser without a session to. */
export const STRAVA_SIGNED_OUT_ERROR = "strava";
export type StravaOutcome = (typeof STRAVA_OUTCOMES)[number];
