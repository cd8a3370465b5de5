import type { Mailer } from "../adapters/mail.ts";
import type { FetchedPage } from "../adapters/page-fetcher.ts";
import type { Storage } from "../adapters/storage.ts";
import type { Auth } from "../auth/auth.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    requestId: string;
    /** Set by the security headers (http/security.ts): the nonce this response's script-src allows. */
    secureHeadersNonce?: string;
  };
}

export interface AppDeps {
  db: Database;
  config: Config;
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
  /** Uploaded photos and receipts. */
  storage: Storage;
  /** Fetches a public web page for import (SSRF-guarded). */
  fetchPage: (url: string) => Promise<FetchedPage>;
  /** Folder of the built web app; when absent only the API is served. */
  webDir?: string;
}
