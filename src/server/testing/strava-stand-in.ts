import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An activity as the stand-in keeps it; answered in Strava's shape (SummaryActivity / DetailedActivity). */
export interface StandInActivity {
  id: number;
  name: string;
  /** ISO 8601, UTC. */
  start_date: string;
  /** Metres. */
  distance: number;
  /** Seconds. */
  moving_time: number;
  /** Metres. */
  total_elevation_gain: number;
  gear_id: string | null;
  type: string;
  /** Missing on older activities, which name only the deprecated `type`. */
  sport_type: string | undefined;
}

export interface StandInAthlete {
  id: number;
  firstname: string;
  lastname: string;
  bikes: { id: string; name: string }[];
  activities: Map<number, StandInActivity>;
}

interface IssuedToken {
  athleteId: number;
  scope: string;
  expiresAt: number;
  kind: "access" | "refresh";
}

const FULL_SCOPE = "read,activity:read_all,profile:read_all";

/**
 * A local stand-in for the parts of Strava the app uses, for tests: the OAuth pages (/oauth/authorize answers
 * at once as if the athlete in `authorizeAs` approved; /oauth/token for the authorization_code and
 * refresh_token grants; /oauth/deauthorize) and /api/v3's athlete (with bikes), athlete activities
 * (paged) and one activity. Tokens last six hours like Strava's unless `expireAccessTokens` ends them.
 * As Strava does, a deleted activity answers 404 and, once the athlete revoked access on strava.com
 * (`revokeAccess`), every token of theirs is refused: 401 on the API, 400 on a refresh. `down` makes every
 * answer a 503. `event` builds the webhook events Strava would POST; the test delivers them to the app.
 */
export async function startStravaStandIn({
  clientId,
  clientSecret,
}: {
  clientId: string;
  clientSecret: string;
}) {
  const athletes = new Map<number, StandInAthlete>();
  const tokens = new Map<string, IssuedToken>();
  const codes = new Map<string, { athleteId: number; scope: string }>();
  const requests: { method: string; path: string }[] = [];
  /** Who approves the next /oauth/authorize, and the scope they grant (Strava lets them untick some). */
  const authorizeAs: { athleteId: number; scope: string } = { athleteId: 0, scope: FULL_SCOPE };
  let nextActivityId = 9_000_000_000;
  /**
   * `down`: Strava out of order, every request answers 503. `tokenDelayMs`: /oauth/token answers this late,
   * so that two refreshes can be under way at once.
   */
  const state = { down: false, tokenDelayMs: 0 };
  /**
   * Strava's rate limit, as its headers tell it: `apiRequestsLeft` API requests answer before the rest
   * answer 429 (the 15-minute window); `dailyUsedUp` says the day's count is used up too.
   */
  const rateLimit = { apiRequestsLeft: Number.POSITIVE_INFINITY, dailyUsedUp: false, used: 0 };

  function issue(athleteId: number, scope: string) {
    const expiresAt = Math.floor(Date.now() / 1000) + 6 * 3600;
    const access = randomBytes(20).toString("hex");
    const refresh = randomBytes(20).toString("hex");
    tokens.set(access, { athleteId, scope, expiresAt, kind: "access" });
    tokens.set(refresh, { athleteId, scope, expiresAt: Number.POSITIVE_INFINITY, kind: "refresh" });
    return {
      token_type: "Bearer",
      access_token: access,
      refresh_token: refresh,
      expires_at: expiresAt,
      expires_in: expiresAt - Math.floor(Date.now() / 1000),
    };
  }

  function bearer(req: IncomingMessage): IssuedToken | undefined {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const found = token ? tokens.get(token) : undefined;
    if (found?.kind !== "access" || found.expiresAt <= Date.now() / 1000) return undefined;
    return found;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push({ method: req.method ?? "", path: url.pathname });
    const raw = await readBody(req);
    const form: Record<string, string> = req.headers["content-type"]?.includes("json")
      ? (JSON.parse(raw || "{}") as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    if (state.down) return send(res, 503, { message: "Service Unavailable" });

    if (req.method === "GET" && url.pathname === "/oauth/authorize") {
      const redirect = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== clientId || !redirect) {
        return send(res, 400, fault("Bad Request", "client_id", "invalid"));
      }
      const back = new URL(redirect);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (!athletes.has(authorizeAs.athleteId)) {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(12).toString("hex");
        codes.set(code, { ...authorizeAs });
        back.searchParams.set("code", code);
        back.searchParams.set("scope", authorizeAs.scope);
      }
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      if (state.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
      if (form.client_id !== clientId || form.client_secret !== clientSecret) {
        return send(res, 401, fault("Authorization Error", "client_id", "invalid"));
      }
      if (form.grant_type === "authorization_code") {
        const granted = codes.get(form.code ?? "");
        if (!granted) return send(res, 400, fault("Bad Request", "code", "invalid"));
        codes.delete(form.code!);
        const athlete = athletes.get(granted.athleteId)!;
        return send(res, 200, { ...issue(athlete.id, granted.scope), athlete: summary(athlete) });
      }
      if (form.grant_type === "refresh_token") {
        const refresh = tokens.get(form.refresh_token ?? "");
        if (refresh?.kind !== "refresh") {
          return send(res, 400, fault("Bad Request", "refresh_token", "invalid"));
        }
        // As Strava: a refresh token is spent once, the new pair replaces it.
        tokens.delete(form.refresh_token!);
        return send(res, 200, issue(refresh.athleteId, refresh.scope));
      }
      return send(res, 400, fault("Bad Request", "grant_type", "invalid"));
    }
    if (req.method === "POST" && url.pathname === "/oauth/deauthorize") {
      const access = tokens.get(form.access_token ?? "");
      if (!access) return send(res, 401, fault("Authorization Error", "access_token", "invalid"));
      for (const [token, issued] of tokens) if (issued.athleteId === access.athleteId) tokens.delete(token);
      return send(res, 200, { access_token: form.access_token });
    }

    if (!url.pathname.startsWith("/api/v3/"))
      return send(res, 404, fault("Record Not Found", "path", "invalid"));
    rateLimit.used++;
    const limited = rateLimit.apiRequestsLeft-- <= 0;
    res.setHeader("X-RateLimit-Limit", "200,2000");
    res.setHeader(
      "X-RateLimit-Usage",
      `${limited ? 200 : rateLimit.used},${rateLimit.dailyUsedUp ? 2000 : rateLimit.used}`,
    );
    res.setHeader("X-ReadRateLimit-Limit", "100,1000");
    res.setHeader(
      "X-ReadRateLimit-Usage",
      `${limited ? 100 : rateLimit.used},${rateLimit.dailyUsedUp ? 1000 : rateLimit.used}`,
    );
    if (limited) return send(res, 429, fault("Rate Limit Exceeded", "", "exceeded"));
    const caller = bearer(req);
    if (!caller) return send(res, 401, fault("Authorization Error", "access_token", "invalid"));
    const athlete = athletes.get(caller.athleteId)!;
    if (req.method === "GET" && url.pathname === "/api/v3/athlete") {
      const bikes = caller.scope.includes("profile:read_all")
        ? athlete.bikes.map((bike) => ({ ...bike, primary: false, distance: 0, resource_state: 2 }))
        : [];
      return send(res, 200, { ...summary(athlete), bikes, shoes: [] });
    }
    if (req.method === "GET" && url.pathname === "/api/v3/athlete/activities") {
      if (!caller.scope.includes("activity:read")) {
        return send(res, 401, fault("Authorization Error", "activity:read_permission", "missing"));
      }
      const after = Number(url.searchParams.get("after") ?? 0);
      const page = Number(url.searchParams.get("page") ?? 1);
      const perPage = Math.min(200, Number(url.searchParams.get("per_page") ?? 30));
      const list = [...athlete.activities.values()]
        .filter((a) => Date.parse(a.start_date) / 1000 > after)
        .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date))
        .slice((page - 1) * perPage, page * perPage);
      return send(
        res,
        200,
        list.map((a) => activityObject(athlete, a)),
      );
    }
    const one = /^\/api\/v3\/activities\/(\d+)$/.exec(url.pathname);
    if (req.method === "GET" && one) {
      const activity = athlete.activities.get(Number(one[1]));
      if (!activity) return send(res, 404, fault("Record Not Found", "id", "invalid"));
      return send(res, 200, activityObject(athlete, activity));
    }
    return send(res, 404, fault("Record Not Found", "path", "invalid"));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    athletes,
    state,
    rateLimit,
    authorizeAs,
    requests,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** A Strava athlete with these bikes; the next authorization is theirs. */
    addAthlete(id: number, bikes: { id: string; name: string }[], name = "Ada Lovelace") {
      const [firstname = "", lastname = ""] = name.split(" ");
      const athlete = { id, firstname, lastname, bikes, activities: new Map() };
      athletes.set(id, athlete);
      authorizeAs.athleteId = id;
      authorizeAs.scope = FULL_SCOPE;
      return athlete;
    },
    /** An activity of the athlete (a ride of `distance` metres by default on their first bike). */
    addActivity(
      athleteId: number,
      activity: Partial<StandInActivity> & { start_date: string; distance: number },
    ) {
      const athlete = athletes.get(athleteId)!;
      const made: StandInActivity = {
        id: ++nextActivityId,
        name: "Morning Ride",
        moving_time: Math.round(activity.distance / 7),
        total_elevation_gain: 120.4,
        gear_id: athlete.bikes[0]?.id ?? null,
        type: "Ride",
        sport_type: "Ride",
        ...activity,
      };
      athlete.activities.set(made.id, made);
      return made;
    },
    /** The athlete deletes the activity on Strava: reading it answers 404 from now on. */
    deleteActivity(athleteId: number, activityId: number) {
      athletes.get(athleteId)!.activities.delete(activityId);
    },
    /** The athlete revokes Velolog's access on strava.com: every token of theirs is refused from now on. */
    revokeAccess(athleteId: number) {
      for (const [token, issued] of tokens) if (issued.athleteId === athleteId) tokens.delete(token);
    },
    /** Ends every access token now, as six hours passing would; refresh tokens stay good. */
    expireAccessTokens() {
      for (const issued of tokens.values()) if (issued.kind === "access") issued.expiresAt = 0;
    },
    /** Whether the athlete still has any token (deauthorization revokes them all). */
    hasTokens: (athleteId: number) => [...tokens.values()].some((t) => t.athleteId === athleteId),
    /** The body of a webhook event Strava would POST for this object. */
    event(
      subscriptionId: number,
      ownerId: number,
      objectId: number,
      aspect: "create" | "update" | "delete",
      objectType: "activity" | "athlete" = "activity",
      updates: Record<string, string> = {},
    ) {
      return {
        aspect_type: aspect,
        event_time: Math.floor(Date.now() / 1000),
        object_id: objectId,
        object_type: objectType,
        owner_id: ownerId,
        subscription_id: subscriptionId,
        updates,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StravaStandIn = Awaited<ReturnType<typeof startStravaStandIn>>;

function summary(athlete: StandInAthlete) {
  return { id: athlete.id, firstname: athlete.firstname, lastname: athlete.lastname, resource_state: 2 };
}

function activityObject(athlete: StandInAthlete, activity: StandInActivity) {
  return { ...activity, athlete: { id: athlete.id, resource_state: 1 }, resource_state: 2 };
}

function fault(message: string, field: string, code: string) {
  return { message, errors: [{ resource: "Application", field, code }] };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
