import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stand-in received: the form body Stripe's SDK sends, flattened (`line_items[0][price]`). */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeSubscriptionState {
  id: string;
  customer: string;
  status: string;
  /** Seconds since the epoch, as Stripe gives it. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  created?: number;
}

/**
 * A local stand-in for the few Stripe API endpoints the app calls, for tests: POST /v1/customers,
 * POST /v1/checkout/sessions, POST /v1/billing_portal/sessions, GET /v1/subscriptions/:id,
 * GET /v1/subscriptions?customer=, and for account deletion GET /v1/checkout/sessions?customer=&status=,
 * POST /v1/checkout/sessions/:id/expire and DELETE /v1/subscriptions/:id. It checks
 * the secret key, honours Idempotency-Key like Stripe (same key, same answer), records every request,
 * and answers subscriptions from `subscriptions`, which the test sets.
 */
export async function startStripeStandIn(secretKey: string) {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, StripeSubscriptionState>();
  /** The Checkout Sessions created, by id: open until expired (or set to "complete" by a test). */
  const checkoutSessions = new Map<string, Record<string, unknown> & { status: string }>();
  const idempotent = new Map<string, unknown>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const raw = await readBody(req);
    const body = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = header(req, "idempotency-key");
    requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    if (idempotencyKey && idempotent.has(idempotencyKey))
      return send(res, 200, idempotent.get(idempotencyKey));
    const answer = route(req.method ?? "", url.pathname, body, url.searchParams);
    if (answer.status === 200 && idempotencyKey) idempotent.set(idempotencyKey, answer.body);
    send(res, answer.status, answer.body);
  });

  function route(method: string, path: string, body: Record<string, string>, query: URLSearchParams) {
    const created = Math.floor(Date.now() / 1000);
    if (method === "POST" && path === "/v1/customers") {
      const metadata = Object.fromEntries(
        Object.entries(body)
          .filter(([k]) => k.startsWith("metadata["))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      return ok({ id: nextId("cus"), object: "customer", email: body.email ?? null, metadata, created });
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = nextId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        customer: body.customer ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        created,
      };
      checkoutSessions.set(id, session);
      return ok(session);
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const data = [...checkoutSessions.values()]
        .filter((s) => !query.get("customer") || s.customer === query.get("customer"))
        .filter((s) => !query.get("status") || s.status === query.get("status"));
      return ok({ object: "list", url: "/v1/checkout/sessions", data, has_more: false });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && expire) {
      const session = checkoutSessions.get(decodeURIComponent(expire[1]!));
      if (session?.status !== "open") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: "Only Checkout Sessions with a status in [open] can be expired.",
            },
          },
        };
      }
      session.status = "expired";
      return ok(session);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = nextId("bps");
      return ok({
        id,
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
        created,
      });
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      // Like Stripe: without status=all, ended subscriptions are not listed.
      const data = [...subscriptions.values()]
        .filter((s) => !query.get("customer") || s.customer === query.get("customer"))
        .filter((s) => query.get("status") === "all" || s.status !== "canceled")
        .map(subscriptionObject);
      return ok({ object: "list", url: "/v1/subscriptions", data, has_more: false });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "DELETE" && match && subscriptions.has(decodeURIComponent(match[1]!))) {
      const state = subscriptions.get(decodeURIComponent(match[1]!))!;
      state.status = "canceled";
      return ok(subscriptionObject(state));
    }
    if (method === "GET" && match) {
      const state = subscriptions.get(decodeURIComponent(match[1]!));
      if (!state) {
        return {
          status: 404,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: "No such subscription",
            },
          },
        };
      }
      return ok(subscriptionObject(state));
    }
    return {
      status: 404,
      body: {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    checkoutSessions,
    /** The requests to one endpoint, e.g. `calls("POST", "/v1/checkout/sessions")`. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A Stripe Subscription object (API shape: the period end sits on the subscription's items). */
export function subscriptionObject(state: StripeSubscriptionState) {
  const created = state.created ?? state.currentPeriodEnd - 30 * 86_400;
  return {
    id: state.id,
    object: "subscription",
    customer: state.customer,
    status: state.status,
    created,
    cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
    cancel_at: state.cancelAt ?? null,
    canceled_at: state.status === "canceled" ? created : null,
    metadata: {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${state.id}`,
          object: "subscription_item",
          current_period_start: state.currentPeriodEnd - 30 * 86_400,
          current_period_end: state.currentPeriodEnd,
          quantity: 1,
        },
      ],
      has_more: false,
    },
  };
}

const ok = (body: unknown) => ({ status: 200, body });

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_standin_${Date.now()}` });
  res.end(JSON.stringify(body));
}
