import { z } from "zod";
import { messages } from "../../../shared/messages.ts";
import type { StravaConfig } from "../../config.ts";
import { AppError } from "../../errors.ts";

/** What we ask Strava for: every activity, private ones too (activity:read_all), and the athlete's bikes (profile:read_all). */
export const STRAVA_SCOPE = "read,activity:read_all,profile:read_all";
export const REQUIRED_SCOPES = ["activity:read_all", "profile:read_all"];

/** Strava's most per page of the athlete's activities. */
export const ACTIVITIES_PER_PAGE = 200;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number(),
});

const tokenWithAthleteSchema = tokenSchema.extend({
  athlete: z.object({
    id: z.number(),
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
  }),
});

const athleteSchema = z.object({
  id: z.number(),
  bikes: z.array(z.object({ id: z.string(), name: z.string().nullish() })).nullish(),
});

export const activitySchema = z.object({
  id: z.number(),
  name: z.string().nullish(),
  start_date: z.string(),
  distance: z.number(),
  moving_time: z.number(),
  total_elevation_gain: z.number().nullish(),
  gear_id: z.string().nullish(),
  /** What the activity is ("GravelRide", "TrailRun"); older activities name only the deprecated `type`. */
  sport_type: z.string().nullish(),
  type: z.string().nullish(),
});

export type StravaActivity = z.infer<typeof activitySchema>;
export type StravaTokens = z.infer<typeof tokenSchema>;

/** Strava did not answer as it should (down, or an answer we cannot read): the user may try again later. */
const unavailable = () => new AppError("UNAVAILABLE", messages.strava.unavailable);

/** A Strava API answer of 404: the activity is gone, or no longer visible to us. */
export class StravaNotFound extends Error {}

/**
 * Strava refused the token we sent: 401 from the API, or 400/401 from /oauth/token (an invalid grant, e.g.
 * after the athlete revoked our access on strava.com). The service refreshes once, then asks the rider to
 * connect again.
 */
export class StravaRefused extends Error {}

/**
 * Strava's rate limit (429) is reached: its 15-minute window (reset at :00, :15, :30, :45) or, when the
 * usage headers say a daily count is used up, the day's (reset at midnight UTC). Limits are per
 * application, shared by every rider of this server.
 */
export class StravaRateLimited extends AppError {
  readonly until: "quarter" | "day";
  constructor(until: "quarter" | "day") {
    super("RATE_LIMITED", messages.strava.rateLimited(until));
    this.until = until;
  }
}

/** Whether a daily count is used up: `X-RateLimit-Limit: 100,1000` and `X-RateLimit-Usage: 100,1000`. */
function dailyLimitUsed(headers: Headers): boolean {
  return ["X-RateLimit", "X-ReadRateLimit"].some((name) => {
    const daily = (header: string) => Number(headers.get(`${name}-${header}`)?.split(",")[1]);
    return daily("Usage") >= daily("Limit");
  });
}

async function send(response: Promise<Response>, refused: readonly number[] = [401]): Promise<unknown> {
  const answer = await response.catch(() => {
    throw unavailable();
  });
  if (answer.status === 429) throw new StravaRateLimited(dailyLimitUsed(answer.headers) ? "day" : "quarter");
  if (answer.status === 404) throw new StravaNotFound();
  if (refused.includes(answer.status)) throw new StravaRefused();
  if (!answer.ok) throw unavailable();
  return answer.json().catch(() => {
    throw unavailable();
  });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unavailable();
  return parsed.data;
}

function tokenRequest(config: StravaConfig, grant: Record<string, string>) {
  return send(
    fetch(`${config.baseUrl}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...grant }),
      signal: AbortSignal.timeout(10_000),
    }),
    [400, 401],
  );
}

/** The page on Strava where the athlete approves us; Strava sends them back to `redirectUri` with a code. */
export function authorizeUrl(config: StravaConfig, redirectUri: string, state: string): string {
  const url = new URL(`${config.baseUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    approval_prompt: "auto",
    scope: STRAVA_SCOPE,
    state,
  }).toString();
  return url.toString();
}

export async function exchangeCode(config: StravaConfig, code: string) {
  return parse(
    tokenWithAthleteSchema,
    await tokenRequest(config, { code, grant_type: "authorization_code" }),
  );
}

export async function refreshTokens(config: StravaConfig, refreshToken: string) {
  return parse(
    tokenSchema,
    await tokenRequest(config, { refresh_token: refreshToken, grant_type: "refresh_token" }),
  );
}

/** Revokes every token Strava gave us for the athlete. */
export async function deauthorize(config: StravaConfig, accessToken: string): Promise<void> {
  await send(
    fetch(`${config.baseUrl}/oauth/deauthorize`, {
      method: "POST",
      body: new URLSearchParams({ access_token: accessToken }),
      signal: AbortSignal.timeout(10_000),
    }),
  );
}

function get(config: StravaConfig, accessToken: string, path: string) {
  return send(
    fetch(`${config.baseUrl}/api/v3${path}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(15_000),
    }),
  );
}

export async function athleteBikes(config: StravaConfig, accessToken: string) {
  const athlete = parse(athleteSchema, await get(config, accessToken, "/athlete"));
  return (athlete.bikes ?? []).map((bike) => ({ id: bike.id, name: bike.name || bike.id }));
}

/** A page of the athlete's activities that started after `after` (epoch seconds), oldest first. */
export async function activitiesPage(config: StravaConfig, accessToken: string, after: number, page: number) {
  const query = new URLSearchParams({
    after: String(after),
    page: String(page),
    per_page: String(ACTIVITIES_PER_PAGE),
  });
  return parse(z.array(activitySchema), await get(config, accessToken, `/athlete/activities?${query}`));
}

export async function activity(config: StravaConfig, accessToken: string, id: number) {
  return parse(activitySchema, await get(config, accessToken, `/activities/${id}`));
}
