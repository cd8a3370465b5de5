import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { BILLING_MODES, type BillingMode } from "../shared/schemas/subscription.ts";
import { trustedProxyList } from "./http/client-ip.ts";

const POOL_SIZE_RULE = "must be a whole number from 1 to 100";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z
    .string()
    .regex(/^\d+$/, POOL_SIZE_RULE)
    .transform(Number)
    .pipe(z.number().min(1, POOL_SIZE_RULE).max(100, POOL_SIZE_RULE))
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        trustedProxyList(splitList(value));
      } catch (error) {
        context.addIssue({ code: "custom", message: `${(error as Error).message} (a comma-separated list)` });
      }
    }),
  SUPPORT_EMAIL: z.email({ error: "must be an email address" }).default("support@velolog.local"),
  DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BILLING_MODE: z.enum(BILLING_MODES, { error: "must be test, stripe or off" }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret or restricted key (sk_... or rk_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_/, "must be a Stripe price id (price_...)")
    .optional(),
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_SECURE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  STRAVA_CLIENT_ID: z
    .string()
    .regex(/^\d+$/, "must be the number Strava gives your API application")
    .optional(),
  STRAVA_CLIENT_SECRET: z.string().min(1).optional(),
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  STRAVA_WEBHOOK_SUBSCRIPTION_ID: z
    .string()
    .regex(/^\d+$/, "must be the id Strava gave the push subscription")
    .optional(),
  STRAVA_API_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  BACKUP_DIR: z.string().min(1).default("./backups"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
});

/** S3 storage is all or nothing: these four are needed together; region and path style are optional. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_ALL = [...S3_REQUIRED, "S3_REGION", "S3_FORCE_PATH_STYLE"] as const;

/** Object storage settings; files stay on local disk when absent. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Stripe billing is all or nothing: these three are needed together; the API base URL is optional. */
const STRIPE_REQUIRED = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const;
const STRIPE_ALL = [...STRIPE_REQUIRED, "STRIPE_API_BASE_URL"] as const;

/** Stripe billing settings; billing runs in test mode (no payment taken) when absent. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Another host for Stripe's API (a local stand-in in tests); undefined means api.stripe.com. */
  apiBaseUrl: string | undefined;
}

/** Strava (issue Q, decision 0041): connect, map bikes, import rides; nothing of it shows when absent. */
export interface StravaConfig {
  clientId: string;
  clientSecret: string;
  /** Where www.strava.com is: its OAuth pages and /api/v3 (a local stand-in in tests). */
  baseUrl: string;
  /** Answers Strava's subscription check; without it the webhook answers 404. */
  webhookVerifyToken: string | undefined;
  /** The push subscription whose events are taken; without it events are acknowledged and ignored. */
  webhookSubscriptionId: number | undefined;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the server keeps to PostgreSQL (DATABASE_POOL_SIZE; decision 0031). */
  databasePoolSize: number;
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  /** Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed for the client address. */
  trustedProxies: string[];
  supportEmail: string;
  logLevel: string;
  /** Where `npm run db:backup` writes its timestamped backup folders. */
  backupDir: string;
  /** When set, GET /api/metrics serves Prometheus metrics to a request bearing this token; off otherwise. */
  metricsToken: string | undefined;
  /**
   * BILLING_MODE: "test" (our own labelled checkout, no payment; the default without Stripe keys), "stripe"
   * (the default with them) or "off" (no plans, no limits: an instance that charges no one).
   */
  billingMode: BillingMode;
  /** Stripe Checkout, customer portal and webhooks; set exactly when billingMode is "stripe". */
  stripe: StripeConfig | undefined;
  /** Outgoing mail server; without it mail goes to the outbox in DATA_DIR. */
  smtp: SmtpConfig | null;
  /** Google sign-in; the button is hidden without it. */
  google: GoogleConfig | null;
  /** Strava connection (STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET); null hides and turns off everything Strava. */
  strava: StravaConfig | null;
  /** S3-compatible object storage for uploaded files; undefined means local disk under DATA_DIR. */
  s3: S3Config | undefined;
  /** Tests only: lets page import reach 127.0.0.1 (where a test serves its pages). Never in production. */
  allowLoopbackImportsForTests: boolean;
}

export interface SmtpConfig {
  /** smtp(s)://user:password@host:port, or the parts below. */
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  password?: string;
  /** The sender, e.g. "Velolog <no-reply@example.com>". */
  from: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** OpenID Connect issuer, read through its discovery document; https://accounts.google.com unless testing. */
  issuerUrl: string;
}

export class ConfigError extends Error {}

/** SMTP is on when SMTP_URL or SMTP_HOST is set; then MAIL_FROM is needed, and a user needs a password. */
function smtpFrom(e: z.infer<typeof envSchema>): { smtp: SmtpConfig | null; problems: string[] } {
  const problems: string[] = [];
  const parts = [e.SMTP_PORT, e.SMTP_USER, e.SMTP_PASSWORD, e.SMTP_SECURE].some((v) => v !== undefined);
  if (!e.SMTP_URL && !e.SMTP_HOST) {
    if (parts || e.MAIL_FROM)
      problems.push("SMTP_HOST: is required when another SMTP_ or MAIL_FROM setting is set");
    return { smtp: null, problems };
  }
  if (e.SMTP_URL && (e.SMTP_HOST || parts)) {
    problems.push("SMTP_URL: give either SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD/SECURE, not both");
  }
  if (!e.MAIL_FROM) problems.push("MAIL_FROM: is required when SMTP is configured");
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD)) {
    problems.push("SMTP_PASSWORD: SMTP_USER and SMTP_PASSWORD go together");
  }
  const smtp: SmtpConfig = e.SMTP_URL
    ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? "" }
    : {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT ?? (e.SMTP_SECURE === "true" ? 465 : 587),
        secure: e.SMTP_SECURE === "true",
        ...(e.SMTP_USER ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD } : {}),
        from: e.MAIL_FROM ?? "",
      };
  return { smtp, problems };
}

function splitList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads and validates the environment once; a bad variable stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine((e, context) => {
      const given = S3_ALL.filter((name) => e[name] !== undefined);
      if (given.length === 0) return;
      for (const name of S3_REQUIRED.filter((n) => e[n] === undefined)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `must be set too when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set (S3 storage needs ${S3_REQUIRED.join(", ")})`,
        });
      }
    })
    .superRefine((e, context) => {
      const given = STRIPE_ALL.filter((name) => e[name] !== undefined);
      if (given.length === 0) return;
      for (const name of STRIPE_REQUIRED.filter((n) => e[n] === undefined)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `must be set too when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set (Stripe billing needs ${STRIPE_REQUIRED.join(", ")})`,
        });
      }
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const { smtp, problems } = smtpFrom(e);
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together");
  }
  if (Boolean(e.STRAVA_CLIENT_ID) !== Boolean(e.STRAVA_CLIENT_SECRET)) {
    problems.push("STRAVA_CLIENT_SECRET: STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET go together");
  }
  const stravaExtras = [
    "STRAVA_WEBHOOK_VERIFY_TOKEN",
    "STRAVA_WEBHOOK_SUBSCRIPTION_ID",
    "STRAVA_API_BASE_URL",
  ] as const;
  for (const name of stravaExtras.filter((n) => e[n] !== undefined && !e.STRAVA_CLIENT_ID)) {
    problems.push(`${name}: needs STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET`);
  }
  const billingMode = e.BILLING_MODE ?? (e.STRIPE_SECRET_KEY ? "stripe" : "test");
  if (billingMode === "stripe" && !e.STRIPE_SECRET_KEY) {
    problems.push(`BILLING_MODE: stripe needs ${STRIPE_REQUIRED.join(", ")}`);
  }
  if (billingMode !== "stripe" && e.STRIPE_SECRET_KEY) {
    problems.push(
      `BILLING_MODE: is ${billingMode}, but STRIPE_ settings are set (remove them, or use stripe)`,
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(),
    publicUrl,
    authSecret: e.BETTER_AUTH_SECRET ?? localSecret(dataDir),
    trustedOrigins: splitList(e.TRUSTED_ORIGINS),
    trustedProxies: splitList(e.TRUSTED_PROXIES),
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    backupDir: path.resolve(e.BACKUP_DIR),
    metricsToken: e.METRICS_TOKEN,
    billingMode,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceId: e.STRIPE_PRICE_ID,
            apiBaseUrl: e.STRIPE_API_BASE_URL,
          }
        : undefined,
    smtp,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuerUrl: (e.GOOGLE_ISSUER_URL ?? "https://accounts.google.com").replace(/\/$/, ""),
          }
        : null,
    strava:
      e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET
        ? {
            clientId: e.STRAVA_CLIENT_ID,
            clientSecret: e.STRAVA_CLIENT_SECRET,
            baseUrl: (e.STRAVA_API_BASE_URL ?? "https://www.strava.com").replace(/\/$/, ""),
            webhookVerifyToken: e.STRAVA_WEBHOOK_VERIFY_TOKEN,
            webhookSubscriptionId: e.STRAVA_WEBHOOK_SUBSCRIPTION_ID
              ? Number(e.STRAVA_WEBHOOK_SUBSCRIPTION_ID)
              : undefined,
          }
        : null,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "1",
          }
        : undefined,
    allowLoopbackImportsForTests: e.DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS === "1",
  };
}

/** In local mode the auth secret is generated on first start and kept in DATA_DIR. */
function localSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Two connections per CPU, from 2 to 10 (decision 0031): on 2 cores, 10 statements at once cost PostgreSQL more
 * CPU per request than 2 to 4 did. Set DATABASE_POOL_SIZE when PostgreSQL runs on a larger machine or far away.
 */
export function defaultDatabasePoolSize(cpus = availableParallelism()): number {
  return Math.min(10, Math.max(2, 2 * cpus));
}
