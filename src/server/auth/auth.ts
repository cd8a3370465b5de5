import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import * as schema from "../db/schema.ts";
import { hashPassword, verifyPassword } from "./password.ts";

export interface AuthOptions {
  rateLimit: boolean;
}

/** The auth library's setup; later plug-ins (verification mail, Google, two-factor) are added here. */
export function createAuth(db: Database, config: Config, options: AuthOptions) {
  return betterAuth({
    appName: "Velolog",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    rateLimit: { enabled: options.rateLimit, storage: "database", modelName: "rateLimit" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
