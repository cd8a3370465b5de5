import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  SUPPORT_EMAIL: z.email({ error: "must be an email address" }).default("support@velolog.local"),
  DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  supportEmail: string;
  logLevel: string;
  /** Tests only: lets page import reach 127.0.0.1 (where a test serves its pages). Never in production. */
  allowLoopbackImportsForTests: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad variable stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    authSecret: e.BETTER_AUTH_SECRET ?? localSecret(dataDir),
    trustedOrigins: (e.TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
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
