import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import { MAX_ELEVATION_M, rideInputSchema } from "../../../shared/schemas/ride.ts";
import type { StravaBike, StravaImportResult, StravaStatus } from "../../../shared/schemas/strava.ts";
import type { Config, StravaConfig } from "../../config.ts";
import type { Database } from "../../db/index.ts";
import { rides, stravaConnections, stravaGear, stravaSkippedActivities } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { notOnABicycle } from "../rides/files/sport.ts";
import { SAME_RIDE_START_MS, sameRideTest } from "../rides/import.ts";
import {
  ACTIVITIES_PER_PAGE,
  activitiesPage,
  athleteBikes,
  deauthorize,
  exchangeCode,
  REQUIRED_SCOPES,
  activity as readActivity,
  refreshTokens,
  type StravaActivity,
  StravaNotFound,
  StravaRateLimited,
  StravaRefused,
} from "./strava-api.ts";

/** Strava's settings and the key its tokens are encrypted with. */
export interface StravaDeps {
  db: Database;
  strava: StravaConfig;
  /** The auth secret: tokens are stored encrypted with it, as two-factor secrets are. */
  key: string;
}

export function stravaDeps(db: Database, config: Config): StravaDeps | null {
  return config.strava ? { db, strava: config.strava, key: config.authSecret } : null;
}

/** An import stops here (40,000 activities): the next one goes on from where it stopped. */
const MAX_PAGES = 200;
/** A token this close to its end is refreshed before it is used. */
const REFRESH_MARGIN_MS = 5 * 60_000;

const m = messages.strava;
const notConnected = () => notFound(m.notConnected);
/** Strava refuses the stored tokens, refreshed or not: only connecting again helps. */
const reconnect = () => new AppError("STRAVA_RECONNECT", m.reconnect);
const isReconnect = (error: unknown) => error instanceof AppError && error.code === "STRAVA_RECONNECT";

/** Exchanges the code Strava sent back for tokens and stores them; the athlete may be connected to one user only. */
export async function completeConnection(
  { db, strava, key }: StravaDeps,
  userId: string,
  code: string,
  grantedScope: string,
): Promise<"connected" | "scope" | "taken"> {
  const granted = grantedScope.split(",");
  if (!REQUIRED_SCOPES.every((scope) => granted.includes(scope))) return "scope";
  const tokens = await exchangeCode(strava, code);
  const [owner] = await db
    .select({ userId: stravaConnections.userId })
    .from(stravaConnections)
    .where(eq(stravaConnections.athleteId, tokens.athlete.id));
  if (owner && owner.userId !== userId) return "taken";
  const values = {
    athleteId: tokens.athlete.id,
    athleteName:
      [tokens.athlete.firstname, tokens.athlete.lastname].filter(Boolean).join(" ") || "Strava athlete",
    accessToken: await symmetricEncrypt({ key, data: tokens.access_token }),
    refreshToken: await symmetricEncrypt({ key, data: tokens.refresh_token }),
    expiresAt: new Date(tokens.expires_at * 1000),
    scope: grantedScope,
    updatedAt: new Date(),
  };
  const previous = await db
    .select({ athleteId: stravaConnections.athleteId })
    .from(stravaConnections)
    .where(eq(stravaConnections.userId, userId));
  await db.transaction(async (tx) => {
    // Another Strava account than before: its bikes are others, so the old mapping goes.
    if (previous[0] && previous[0].athleteId !== tokens.athlete.id) {
      await tx.delete(stravaGear).where(eq(stravaGear.userId, userId));
    }
    await tx
      .insert(stravaConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: stravaConnections.userId, set: values });
  });
  return "connected";
}

export async function stravaStatus({ db, strava }: StravaDeps, userId: string): Promise<StravaStatus> {
  const [row] = await db
    .select({ athleteName: stravaConnections.athleteName, createdAt: stravaConnections.createdAt })
    .from(stravaConnections)
    .where(eq(stravaConnections.userId, userId));
  return {
    connection: row ? { athleteName: row.athleteName, connectedAt: row.createdAt.toISOString() } : null,
    automaticSync: strava.webhookSubscriptionId !== undefined,
  };
}

/** The user's access token, refreshed (and stored) when it is about to end; `refreshed` says it is new. */
async function accessToken(
  deps: StravaDeps,
  userId: string,
  { force = false } = {},
): Promise<{ token: string; refreshed: boolean }> {
  const { db, key } = deps;
  const [row] = await db.select().from(stravaConnections).where(eq(stravaConnections.userId, userId));
  if (!row) throw notConnected();
  if (!force && row.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) {
    return { token: await symmetricDecrypt({ key, data: row.accessToken }), refreshed: false };
  }
  return { token: await refreshOnce(deps, userId, row.refreshToken), refreshed: true };
}

/** Refreshes under way in this process, by user: a second caller waits for the first one's pair. */
const refreshing = new Map<string, Promise<string>>();

/**
 * A new token pair for the stored refresh token. Strava takes a refresh token once, so two calls refreshing
 * at once (an import and a webhook event) must not both spend it, or the later one is refused and the rider
 * told to connect again: the second waits for the first one's pair. (Per process: servers sharing one
 * PostgreSQL could still race, at most once per token's six hours.)
 */
function refreshOnce(deps: StravaDeps, userId: string, stored: string): Promise<string> {
  const running = refreshing.get(userId);
  if (running) return running;
  const started = refresh(deps, userId, stored).finally(() => refreshing.delete(userId));
  refreshing.set(userId, started);
  return started;
}

/** A new token pair for the stored refresh token, stored; Strava refusing it means connecting again. */
async function refresh({ db, strava, key }: StravaDeps, userId: string, stored: string): Promise<string> {
  const fresh = await refreshTokens(strava, await symmetricDecrypt({ key, data: stored })).catch(
    (error: unknown) => {
      throw error instanceof StravaRefused ? reconnect() : error;
    },
  );
  await db
    .update(stravaConnections)
    .set({
      accessToken: await symmetricEncrypt({ key, data: fresh.access_token }),
      refreshToken: await symmetricEncrypt({ key, data: fresh.refresh_token }),
      expiresAt: new Date(fresh.expires_at * 1000),
      updatedAt: new Date(),
    })
    .where(eq(stravaConnections.userId, userId));
  return fresh.access_token;
}

/**
 * Calls Strava with the user's token. A token Strava refuses (401) is refreshed once and the call tried
 * again; refused again, or the refresh refused (400/401: access revoked on strava.com), the rider must
 * connect again (409 STRAVA_RECONNECT) rather than be told to wait for a Strava that is up.
 */
async function withToken<T>(
  deps: StravaDeps,
  userId: string,
  use: (token: string) => Promise<T>,
): Promise<T> {
  return (await tokenUser(deps, userId))(use);
}

/**
 * `withToken` for several calls in a row (an import's pages): the token is read once (a 404 when not
 * connected) and kept.
 */
async function tokenUser(deps: StravaDeps, userId: string) {
  let current = await accessToken(deps, userId);
  return async <T>(use: (token: string) => Promise<T>): Promise<T> => {
    const first = current;
    try {
      return await use(first.token);
    } catch (error) {
      if (!(error instanceof StravaRefused)) throw error;
      if (first.refreshed) throw reconnect();
    }
    current = await accessToken(deps, userId, { force: true });
    const second = current;
    return use(second.token).catch((error: unknown) => {
      throw error instanceof StravaRefused ? reconnect() : error;
    });
  };
}

async function gearMap(db: Database, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ gearId: stravaGear.gearId, bicycleId: stravaGear.bicycleId })
    .from(stravaGear)
    .where(eq(stravaGear.userId, userId));
  return new Map(rows.map((row) => [row.gearId, row.bicycleId]));
}

/** The athlete's bikes on Strava, each with the bicycle its rides go to. */
export async function listBikes(deps: StravaDeps, userId: string): Promise<StravaBike[]> {
  const bikes = await withToken(deps, userId, (token) => athleteBikes(deps.strava, token));
  const mapped = await gearMap(deps.db, userId);
  return bikes.map((bike) => ({ ...bike, bicycleId: mapped.get(bike.id) ?? null }));
}

/** Sends a Strava bike's rides to one of the user's bicycles, or (null) to none. */
export async function mapBike(
  deps: StravaDeps,
  userId: string,
  gearId: string,
  bicycleId: string | null,
): Promise<StravaBike[]> {
  const { db } = deps;
  if (bicycleId) await assertOwnBicycle(db, userId, bicycleId);
  const bikes = await listBikes(deps, userId);
  if (!bikes.some((bike) => bike.id === gearId)) throw notFound(m.noSuchBike);
  if (bicycleId) {
    // This bike's rides come in from the first activity on: an import stopped halfway starts over.
    await db.update(stravaConnections).set({ importAfter: null }).where(eq(stravaConnections.userId, userId));
    await db
      .insert(stravaGear)
      .values({ userId, gearId, bicycleId })
      .onConflictDoUpdate({ target: [stravaGear.userId, stravaGear.gearId], set: { bicycleId } });
  } else {
    await db.delete(stravaGear).where(and(eq(stravaGear.userId, userId), eq(stravaGear.gearId, gearId)));
  }
  return bikes.map((bike) => (bike.id === gearId ? { ...bike, bicycleId } : bike));
}

type Stored = "imported" | "updated" | "duplicate" | "unmapped" | "unusable" | "noDistance" | "skipped";

/** The activity's ride, unless the rider changed it in Velolog (then it is theirs, and Strava leaves it). */
const isStravaAsImported = (userId: string, activityId: number) =>
  and(
    eq(rides.userId, userId),
    eq(rides.source, "strava"),
    eq(rides.externalId, String(activityId)),
    isNull(rides.editedAt),
  );

/** The activities the rider deleted in Velolog: not imported again. */
async function skippedActivities(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ activityId: stravaSkippedActivities.activityId })
    .from(stravaSkippedActivities)
    .where(eq(stravaSkippedActivities.userId, userId));
  return new Set(rows.map((row) => row.activityId));
}

/** A ride's name is at most this long (rideInputSchema). */
const MAX_RIDE_NAME = 200;

/** A ride's fields as an activity gives them. */
interface ActivityRide {
  externalId: string;
  bicycleId: string;
  name: string;
  startedAt: Date;
  distanceKm: string;
  movingSeconds: number;
  elevationGainM: number | null;
}

/**
 * The ride an activity makes on the bicycle its bike is mapped to, or why it makes none: "unusable" is an
 * activity not ridden on a bicycle (a run the bike was left on; the file import's list of sports, so a
 * virtual or e-bike ride counts) or without the figures a ride needs; "noDistance" is a ride without a
 * distance (a trainer session, a manual one): a ride needs one, and the import says how many it left out.
 */
function rideOf(
  activity: StravaActivity,
  mapped: Map<string, string>,
): ActivityRide | "unmapped" | "unusable" | "noDistance" {
  const bicycleId = activity.gear_id ? mapped.get(activity.gear_id) : undefined;
  if (!bicycleId) return "unmapped";
  if (notOnABicycle([activity.sport_type ?? activity.type ?? ""])) return "unusable";
  // Rounded to the metre, as a ride's distance is stored.
  if (!(Math.round(activity.distance) > 0)) return "noDistance";
  const elevation = activity.total_elevation_gain == null ? null : Math.round(activity.total_elevation_gain);
  const input = rideInputSchema.safeParse({
    // Strava takes longer titles than a ride's 200 characters: cut, as the file import's are, not dropped.
    name: (activity.name?.trim() || "Strava ride").slice(0, MAX_RIDE_NAME).trim(),
    startedAt: activity.start_date,
    distanceKm: activity.distance / 1000,
    movingSeconds: Math.round(activity.moving_time),
    // A climb no ride makes (a barometer's glitch) is left out; the ride still counts.
    elevationGainM: elevation !== null && elevation >= 0 && elevation <= MAX_ELEVATION_M ? elevation : null,
  });
  if (!input.success) return "unusable";
  const ride = input.data;
  return {
    externalId: String(activity.id),
    bicycleId,
    name: ride.name,
    startedAt: new Date(ride.startedAt),
    distanceKm: ride.distanceKm.toFixed(3),
    movingSeconds: ride.movingSeconds,
    elevationGainM: ride.elevationGainM,
  };
}

const unchanged = (stored: Omit<ActivityRide, "externalId">, ride: ActivityRide) =>
  stored.bicycleId === ride.bicycleId &&
  stored.name === ride.name &&
  stored.startedAt.getTime() === ride.startedAt.getTime() &&
  stored.distanceKm === ride.distanceKm &&
  stored.movingSeconds === ride.movingSeconds &&
  stored.elevationGainM === ride.elevationGainM;

/**
 * Stores activities (a page of an import, or one event's) as rides of the bicycles their bikes are mapped
 * to, in a few statements whatever their number: a ride already imported from an activity is changed where
 * Strava changed it, unless the rider changed it in Velolog; a new one is added unless the rider deleted it
 * here before (`skipped`) or the same ride is already there (the file import's rule: a start within a
 * minute, a distance within 10%), from a file, by hand or earlier in the same page.
 */
async function storeActivities(
  db: Database,
  userId: string,
  activities: StravaActivity[],
  mapped: Map<string, string>,
  skipped: Set<string>,
): Promise<Stored[]> {
  const outcomes: Stored[] = [];
  const found: { index: number; ride: ActivityRide }[] = [];
  activities.forEach((activity, index) => {
    if (skipped.has(String(activity.id))) {
      outcomes[index] = "skipped";
      return;
    }
    const ride = rideOf(activity, mapped);
    if (typeof ride === "string") outcomes[index] = ride;
    else found.push({ index, ride });
  });
  if (found.length === 0) return outcomes;

  const stored = await db
    .select({
      id: rides.id,
      externalId: rides.externalId,
      bicycleId: rides.bicycleId,
      name: rides.name,
      startedAt: rides.startedAt,
      distanceKm: rides.distanceKm,
      movingSeconds: rides.movingSeconds,
      elevationGainM: rides.elevationGainM,
      editedAt: rides.editedAt,
    })
    .from(rides)
    .where(
      and(
        eq(rides.userId, userId),
        eq(rides.source, "strava"),
        inArray(
          rides.externalId,
          found.map(({ ride }) => ride.externalId),
        ),
      ),
    );
  const storedBy = new Map(stored.map((row) => [row.externalId, row]));
  const fresh: typeof found = [];
  for (const { index, ride } of found) {
    const row = storedBy.get(ride.externalId);
    if (!row) {
      fresh.push({ index, ride });
      continue;
    }
    outcomes[index] = "updated";
    // Changed by the rider in Velolog: theirs now, Strava's changes do not overwrite it.
    if (row.editedAt === null && !unchanged(row, ride)) {
      await db
        .update(rides)
        .set({ ...ride, updatedAt: new Date() })
        .where(eq(rides.id, row.id));
    }
  }
  if (fresh.length === 0) return outcomes;

  const starts = fresh.map(({ ride }) => ride.startedAt.getTime());
  const around = await db
    .select({ startedAt: rides.startedAt, distanceKm: rides.distanceKm })
    .from(rides)
    .where(
      and(
        eq(rides.userId, userId),
        gte(rides.startedAt, new Date(Math.min(...starts) - SAME_RIDE_START_MS)),
        lte(rides.startedAt, new Date(Math.max(...starts) + SAME_RIDE_START_MS)),
      ),
    );
  const adding: typeof found = [];
  for (const { index, ride } of fresh) {
    if (around.some(sameRideTest(ride.startedAt, Number(ride.distanceKm)))) {
      outcomes[index] = "duplicate";
      continue;
    }
    adding.push({ index, ride });
    around.push(ride);
  }
  if (adding.length === 0) return outcomes;
  const added = await db
    .insert(rides)
    .values(adding.map(({ ride }) => ({ ...ride, userId, source: "strava" as const })))
    // The same activity from an import and an event at once: the unique activity id keeps one.
    .onConflictDoNothing()
    .returning({ externalId: rides.externalId });
  const addedIds = new Set(added.map((row) => row.externalId));
  for (const { index, ride } of adding)
    outcomes[index] = addedIds.has(ride.externalId) ? "imported" : "duplicate";
  return outcomes;
}

/**
 * Imports every past activity of the mapped bikes, oldest first, a page of 200 at a time; running it again
 * adds nothing. Stopped by Strava's rate limit, it keeps what it stored, remembers where it got to and
 * answers 429 saying so; stopped by its page limit (`maxPages`, tests set it small), it remembers where it
 * got to too. The next import goes on from there (a second before, so an activity of the same second is not
 * missed) and, once through, forgets it.
 */
export async function importPastRides(
  deps: StravaDeps,
  userId: string,
  { maxPages = MAX_PAGES }: { maxPages?: number } = {},
): Promise<StravaImportResult> {
  const { db } = deps;
  const strava = await tokenUser(deps, userId);
  const mapped = await gearMap(db, userId);
  if (mapped.size === 0) throw new AppError("VALIDATION", m.needsBike);
  const skipped = await skippedActivities(db, userId);
  const [connection] = await db
    .select({ importAfter: stravaConnections.importAfter })
    .from(stravaConnections)
    .where(eq(stravaConnections.userId, userId));
  const resumed = connection?.importAfter ?? null;
  const after = resumed ? Math.floor(resumed.getTime() / 1000) - 1 : 0;
  const setImportAfter = (importAfter: Date | null) =>
    db.update(stravaConnections).set({ importAfter }).where(eq(stravaConnections.userId, userId));
  const result = { imported: 0, alreadyThere: 0, skipped: 0, withoutDistance: 0 };
  let storedThrough = resumed;
  let through = false;
  for (let page = 1; page <= maxPages; page++) {
    let activities: StravaActivity[];
    try {
      activities = await strava((token) => activitiesPage(deps.strava, token, after, page));
    } catch (error) {
      if (!(error instanceof StravaRateLimited)) throw error;
      if (storedThrough !== resumed) await setImportAfter(storedThrough);
      throw new AppError("RATE_LIMITED", m.importRateLimited(result.imported, error.until));
    }
    for (const stored of await storeActivities(db, userId, activities, mapped, skipped)) {
      if (stored === "imported") result.imported++;
      if (stored === "updated" || stored === "duplicate") result.alreadyThere++;
      if (stored === "skipped") result.skipped++;
      if (stored === "noDistance") result.withoutDistance++;
    }
    const last = activities.at(-1);
    if (last) storedThrough = new Date(last.start_date);
    if (activities.length < ACTIVITIES_PER_PAGE) {
      through = true;
      break;
    }
  }
  // At the page limit with more to come: the next import goes on after the last ride stored.
  if (!through) await setImportAfter(storedThrough);
  else if (resumed) await setImportAfter(null);
  return { ...result, more: !through };
}

/** Forgets the tokens (revoking them at Strava first, when Strava answers) and the bike mapping; rides stay. */
export async function disconnect(deps: StravaDeps, userId: string): Promise<void> {
  const token = await accessToken(deps, userId).then(
    ({ token }) => token,
    (error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") throw error;
      return null;
    },
  );
  if (token) await deauthorize(deps.strava, token).catch(() => undefined);
  await forget(deps.db, userId);
}

/** Runs before an account is deleted: its Strava access is revoked at Strava too (when Strava answers). */
export async function disconnectStravaOf(db: Database, config: Config, userId: string): Promise<void> {
  const deps = stravaDeps(db, config);
  if (!deps) return;
  await disconnect(deps, userId).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
  });
}

async function forget(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(stravaGear).where(eq(stravaGear.userId, userId));
    await tx.delete(stravaConnections).where(eq(stravaConnections.userId, userId));
  });
}

/** A webhook event as Strava POSTs it. */
export interface StravaEvent {
  object_type: string;
  object_id: number;
  aspect_type: string;
  owner_id: number;
  subscription_id: number;
  updates?: Record<string, unknown> | undefined;
}

/**
 * Whether Strava refuses our access to the athlete: a call with the stored token refused, and a refresh
 * refused too. A token Strava still takes (or a refresh it grants) means the access stands.
 */
async function accessRevoked(deps: StravaDeps, userId: string): Promise<boolean> {
  try {
    await withToken(deps, userId, (token) => athleteBikes(deps.strava, token));
    return false;
  } catch (error) {
    if (isReconnect(error)) return true;
    throw error;
  }
}

/**
 * Applies one webhook event. Strava does not sign events, so only our subscription's events for a connected
 * athlete are read, and nothing in an event is believed: an activity event (create, update or delete alike)
 * reads the activity again from Strava's API with the athlete's token and stores what Strava says (a 404
 * removes the ride); a deauthorization forgets the connection only when Strava refuses our tokens. A forged
 * event can at most make us fetch real data. Strava unreachable: the error answers 503 and nothing changes.
 * Events are idempotent by the activity id.
 */
export async function applyEvent(deps: StravaDeps, event: StravaEvent): Promise<"applied" | "ignored"> {
  const { db, strava } = deps;
  if (strava.webhookSubscriptionId === undefined || event.subscription_id !== strava.webhookSubscriptionId) {
    return "ignored";
  }
  const [connection] = await db
    .select({ userId: stravaConnections.userId })
    .from(stravaConnections)
    .where(eq(stravaConnections.athleteId, event.owner_id));
  if (!connection) return "ignored";
  const { userId } = connection;
  if (event.object_type === "athlete") {
    if (event.updates?.authorized !== "false") return "ignored";
    // The athlete revoked our access on Strava's side, if Strava agrees: then the tokens are useless.
    if (!(await accessRevoked(deps, userId))) return "ignored";
    await forget(db, userId);
    return "applied";
  }
  if (event.object_type !== "activity") return "ignored";
  const removeRide = () => db.delete(rides).where(isStravaAsImported(userId, event.object_id));
  let found: StravaActivity;
  try {
    found = await withToken(deps, userId, (token) => readActivity(strava, token, event.object_id));
  } catch (error) {
    // Strava refuses our tokens: the card asks the rider to connect again; the event changes nothing.
    if (isReconnect(error)) return "ignored";
    if (!(error instanceof StravaNotFound)) throw error;
    // Gone on Strava (deleted, whatever the event said).
    await removeRide();
    return "applied";
  }
  if (found.id !== event.object_id) return "ignored";
  const [stored] = await storeActivities(
    db,
    userId,
    [found],
    await gearMap(db, userId),
    await skippedActivities(db, userId),
  );
  // Moved to a bike that is not imported, or changed into something that is no ride: it leaves.
  if (stored === "unmapped" || stored === "unusable" || stored === "noDistance") await removeRide();
  return "applied";
}
