import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultDatabasePoolSize, loadConfig } from "./config.ts";

describe("config", () => {
  it("Stripe billing: off without settings, all three settings together, each missing one named", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeUndefined();
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_ID: "price_123",
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...stripe }).stripe).toEqual({
      secretKey: "sk_test_123",
      webhookSecret: "whsec_123",
      priceId: "price_123",
      apiBaseUrl: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_API_BASE_URL: "http://127.0.0.1:12111" }).stripe
        ?.apiBaseUrl,
    ).toBe("http://127.0.0.1:12111");
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be set too[\s\S]*STRIPE_PRICE_ID: must be set too/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_API_BASE_URL: "http://127.0.0.1:1" })).toThrow(
      /STRIPE_SECRET_KEY: must be set too/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_SECRET_KEY: "pk_test_123" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_PRICE_ID: "prod_1" })).toThrow(
      /STRIPE_PRICE_ID: must be a Stripe price id/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...stripe, STRIPE_API_BASE_URL: "ftp://x" })).toThrow(
      /STRIPE_API_BASE_URL: must be an http\(s\) URL/,
    );
  });

  it("BILLING_MODE: test by default, stripe with the Stripe settings, off on request; a bad or impossible one is named", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_ID: "price_123",
    };
    expect(loadConfig({ DATA_DIR: dataDir }).billingMode).toBe("test");
    expect(loadConfig({ DATA_DIR: dataDir, ...stripe }).billingMode).toBe("stripe");
    expect(loadConfig({ DATA_DIR: dataDir, ...stripe, BILLING_MODE: "stripe" }).billingMode).toBe("stripe");
    const off = loadConfig({ DATA_DIR: dataDir, BILLING_MODE: "off" });
    expect([off.billingMode, off.stripe]).toEqual(["off", undefined]);
    expect(loadConfig({ DATA_DIR: dataDir, BILLING_MODE: "test" }).billingMode).toBe("test");

    for (const bad of ["free", "OFF", "", "none"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, BILLING_MODE: bad }), bad).toThrow(
        /BILLING_MODE: must be test, stripe or off/,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, BILLING_MODE: "stripe" })).toThrow(
      /BILLING_MODE: stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID/,
    );
    for (const mode of ["off", "test"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...stripe, BILLING_MODE: mode }), mode).toThrow(
        new RegExp(`BILLING_MODE: is ${mode}, but STRIPE_ settings are set`),
      );
    }
  });

  it("Strava: off without settings, client id and secret together, the webhook settings only with them", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    expect(loadConfig({ DATA_DIR: dataDir }).strava).toBeNull();
    const strava = { STRAVA_CLIENT_ID: "4242", STRAVA_CLIENT_SECRET: "secret" };
    expect(loadConfig({ DATA_DIR: dataDir, ...strava }).strava).toEqual({
      clientId: "4242",
      clientSecret: "secret",
      baseUrl: "https://www.strava.com",
      webhookVerifyToken: undefined,
      webhookSubscriptionId: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        ...strava,
        STRAVA_WEBHOOK_VERIFY_TOKEN: "a-verify-token-long-enough",
        STRAVA_WEBHOOK_SUBSCRIPTION_ID: "120475",
        STRAVA_API_BASE_URL: "http://127.0.0.1:9999/",
      }).strava,
    ).toMatchObject({ baseUrl: "http://127.0.0.1:9999", webhookSubscriptionId: 120475 });
    expect(() => loadConfig({ DATA_DIR: dataDir, STRAVA_CLIENT_ID: "4242" })).toThrow(
      /STRAVA_CLIENT_SECRET: STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET go together/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...strava, STRAVA_CLIENT_ID: "my-app" })).toThrow(
      /STRAVA_CLIENT_ID: must be the number Strava gives/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STRAVA_WEBHOOK_SUBSCRIPTION_ID: "1" })).toThrow(
      /STRAVA_WEBHOOK_SUBSCRIPTION_ID: needs STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...strava, STRAVA_WEBHOOK_VERIFY_TOKEN: "short" })).toThrow(
      /STRAVA_WEBHOOK_VERIFY_TOKEN: must be at least 16 characters/,
    );
  });

  it("needs nothing: port 3000, ./data, a generated secret kept in DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.authSecret).toHaveLength(43);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("refuses a bad variable and names it", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("backups go to ./backups unless BACKUP_DIR says; metrics are off unless METRICS_TOKEN is long enough", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.backupDir).toBe(path.resolve("backups"));
    expect(config.metricsToken).toBeUndefined();
    const set = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: "/srv/backups", METRICS_TOKEN: "a".repeat(16) });
    expect([set.backupDir, set.metricsToken]).toEqual(["/srv/backups", "a".repeat(16)]);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it("keeps two PostgreSQL connections per CPU (2 to 10) unless DATABASE_POOL_SIZE says, which must be 1 to 100", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolSize).toBe(defaultDatabasePoolSize());
    expect([1, 2, 3, 5, 8].map((cpus) => defaultDatabasePoolSize(cpus))).toEqual([2, 4, 6, 10, 10]);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    for (const bad of ["0", "101", "2.5", "four", "", "1e1", "0x10", " 4", "-3"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE: must be a whole number from 1 to 100/,
      );
    }
  });

  describe("S3 storage", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-config-"));
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "velolog-files",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "secret",
    };

    it("is off by default: files stay on disk", () => {
      expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    });

    it("is on with all four settings; region defaults to us-east-1, virtual-hosted style unless asked", () => {
      expect(loadConfig({ DATA_DIR: dataDir, ...s3 }).s3).toEqual({
        endpoint: "http://127.0.0.1:9000",
        bucket: "velolog-files",
        region: "us-east-1",
        accessKeyId: "key-id",
        secretAccessKey: "secret",
        forcePathStyle: false,
      });
      const custom = loadConfig({ DATA_DIR: dataDir, ...s3, S3_REGION: "auto", S3_FORCE_PATH_STYLE: "1" }).s3;
      expect([custom?.region, custom?.forcePathStyle]).toEqual(["auto", true]);
    });

    it("names each missing setting when only some are set", () => {
      const partial = () => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: "velolog-files", S3_REGION: "auto" });
      expect(partial).toThrow(ConfigError);
      expect(partial).toThrow(/S3_ENDPOINT: must be set too when S3_BUCKET, S3_REGION are set/);
      expect(partial).toThrow(/S3_ACCESS_KEY_ID: must be set too/);
      expect(partial).toThrow(/S3_SECRET_ACCESS_KEY: must be set too/);
      expect(partial).not.toThrow(/S3_BUCKET: must be set/);
      const { S3_SECRET_ACCESS_KEY: _, ...noSecret } = s3;
      expect(() => loadConfig({ DATA_DIR: dataDir, ...noSecret })).toThrow(
        /^Invalid configuration:\n {2}S3_SECRET_ACCESS_KEY: must be set too/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, S3_FORCE_PATH_STYLE: "1" })).toThrow(
        /S3_BUCKET: must be set too/,
      );
    });

    it("refuses a bad endpoint or path-style flag by name", () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...s3, S3_ENDPOINT: "localhost:9000" })).toThrow(
        /S3_ENDPOINT: must be an http\(s\) URL/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(
        /S3_FORCE_PATH_STYLE: must be 0 or 1/,
      );
    });
  });
});
