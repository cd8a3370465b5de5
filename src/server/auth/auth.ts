import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import {
  EMAIL_CHANGE_CONFIRMED_CALLBACK,
  EMAIL_CHANGED_CALLBACK,
  EMAIL_CONFIRMATION_CALLBACK,
} from "../../shared/domain/routes.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/schemas/auth.ts";
import { type Mailer, maskEmail } from "../adapters/mail.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import * as schema from "../db/schema.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import type { Logger } from "../logger.ts";
import { deleteUserCheck } from "./delete-user-check.ts";
import { emailChangeLinks } from "./email-change.ts";
import { authEventLogging, authLibraryLogger, noteSigningOut } from "./events.ts";
import { googleSignIn } from "./google.ts";
import { challengeGoogleSignIn, refuseIdTokenSignIn } from "./google-two-factor.ts";
import { refuseNulText } from "./nul-text.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordEndsApiTokens } from "./password-ends-tokens.ts";
import { refuseWeakNewPassword } from "./password-policy.ts";
import { revokeOwnSessionOnly } from "./revoke-own-session.ts";
import {
  capSessionExpiry,
  type HookContext,
  refuseSessionsPastAbsoluteLifetime,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "./session-lifetime.ts";
import { signInLock } from "./sign-in-lock.ts";
import { totpCodesOnce } from "./totp-once.ts";
import { refuseBadUserFields } from "./user-fields.ts";

/** A mail with a one-time link (confirmation, reset); `once: false` for a plain link to a page. */
function authMail(intro: string, url: string, once = true): string {
  const open = once ? "Open this link to continue (it works once, for one hour):" : "Open this link:";
  return `${intro}\n\n${open}\n${url}\n\nIf you did not ask for this, you can ignore this message.\n\nVelolog\n`;
}

export interface AuthOptions {
  rateLimit: boolean;
  mailer: Mailer;
  logger: Logger;
  /** Runs before an account is deleted (its rows go by cascade; its stored files need deleting). */
  beforeDeleteUser?: (userId: string) => Promise<void>;
}

/** The auth library's setup; later plug-ins (verification mail, Google, two-factor) are added here. */
export function createAuth(db: Database, config: Config, options: AuthOptions) {
  const { mailer, logger } = options;
  /**
   * Mails a link; without SMTP it lands in the outbox and the link is printed in the log, so sign-up can be
   * finished. A failing mail server is logged, never shown: these answers must not differ between a known
   * and an unknown email (see docs/decisions/0013-smtp-google-auth-events.md). Through SMTP the answer does
   * not wait for the mail server either, so a slow one cannot tell a known email from an unknown one by
   * timing; shutting down waits for mails under way (mailer.settled()).
   */
  const sendLink = async (
    kind: string,
    to: string,
    subject: string,
    intro: string,
    url: string,
    once = true,
  ) => {
    const delivery = (async () => {
      try {
        await mailer.send({ to, subject, text: authMail(intro, url, once) });
      } catch (error) {
        logger.error(
          { event: "mail_failed", kind, to: maskEmail(to), err: error },
          `could not send: ${subject}`,
        );
        return;
      }
      if (mailer.kind === "outbox")
        logger.info({ event: "auth_mail", kind, to: maskEmail(to) }, `${subject}: ${url}`);
    })();
    if (mailer.kind === "outbox") await delivery;
  };
  const logAuthEvent = authEventLogging(logger, config.authSecret);
  const refuseExpiredSession = refuseSessionsPastAbsoluteLifetime(logger);
  const lock = signInLock(db, config.authSecret);
  // Deleting an account with two-factor on needs a code, checked by the two-factor plug-in's own endpoints.
  const twoFactorCodeIsRight = async (headers: Headers, code: string): Promise<boolean> => {
    try {
      if (/^\d{6}$/.test(code)) await auth.api.verifyTOTP({ body: { code }, headers });
      else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
      return true;
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) return false;
      throw error;
    }
  };
  const checkDeleteUser = deleteUserCheck(db, twoFactorCodeIsRight);
  const refuseOthersSession = revokeOwnSessionOnly(db);
  const totpOnce = totpCodesOnce(db);
  const endTokens = passwordEndsApiTokens(db, logger);
  /** Checks that refuse a request before the library handles it; a refusal is logged like any outcome. */
  const beforeHandling = async (ctx: HookContext) => {
    await noteSigningOut(ctx);
    try {
      refuseNulText(ctx);
      refuseWeakNewPassword(ctx);
      refuseBadUserFields(ctx);
      refuseIdTokenSignIn(ctx);
      await lock.refuseWhileLocked(ctx);
      await totpOnce.claim(ctx);
      await checkDeleteUser(ctx);
      await refuseOthersSession(ctx);
      await emailChangeLinks(ctx);
    } catch (error) {
      if (error instanceof APIError)
        await logAuthEvent({ ...ctx, context: { ...ctx.context, returned: error } });
      throw error;
    }
  };
  const auth = betterAuth({
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
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Also refused, with the forms' own messages, by refuseWeakNewPassword (with common passwords).
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up ends at "Verification Email Sent"; the emailed link signs in. This also makes a sign-up for a
      // registered email answer exactly like a new one (same body, a password hashed to even out timing).
      requireEmailVerification: true,
      onExistingUserSignUp: ({ user }) =>
        sendLink(
          "existing",
          user.email,
          "Someone tried to create a Velolog account with your email",
          'Someone tried to sign up to Velolog with this email address, which already has an account. If it was you, sign in instead; if you forgot your password, choose "Forgot password?" on the sign-in page.',
          `${config.publicUrl}/auth`,
          false,
        ),
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link works during a sign-in lock, and a new password ends it.
      // It also ends the user's API tokens, as it ends their sessions (password-ends-tokens.ts).
      onPasswordReset: async ({ user }) => {
        await lock.clear(user.email);
        await endTokens.onPasswordReset(user.id);
      },
      sendResetPassword: ({ user, url }) =>
        sendLink(
          "reset",
          user.email,
          "Reset your Velolog password",
          "Someone (hopefully you) asked to reset your Velolog password.",
          url,
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      // A verified user is sent this only for an email change, addressed to the new email (decision 0082).
      sendVerificationEmail: ({ user, url }) =>
        user.emailVerified
          ? sendLink(
              "change-email-new",
              user.email,
              "Confirm your new email for Velolog",
              "Please confirm this address as the new email of your Velolog account. Until you do, you keep signing in with the old one.",
              landingOn(url, EMAIL_CHANGED_CALLBACK),
            )
          : sendLink(
              "verify",
              user.email,
              "Confirm your email for Velolog",
              "Welcome to Velolog! Please confirm your email address.",
              landingOn(url, EMAIL_CONFIRMATION_CALLBACK),
            ),
    },
    user: {
      // The current address confirms the change first, then the new one (decision 0082).
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) =>
          sendLink(
            "change-email",
            user.email,
            "Confirm the change of your Velolog email",
            `Someone (hopefully you) asked to change the email of your Velolog account from this address to ${newEmail}. Open the link to confirm; we then send a link to the new address. If it was not you, ignore this email and change your password.`,
            landingOn(url, EMAIL_CHANGE_CONFIRMED_CALLBACK),
          ),
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await options.beforeDeleteUser?.(user.id);
        },
      },
    },
    // Sliding and absolute session lifetimes (session-lifetime.ts; docs/security.md has the numbers).
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    databaseHooks: {
      session: capSessionExpiry(db),
      // An address an emailed link has just made the rider's (an email change) starts with no sign-in lock:
      // the failures counted before were against an address that was not theirs.
      user: {
        update: {
          after: async (changed, ctx) => {
            if (ctx?.path === "/verify-email") await lock.clear(changed.email);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(beforeHandling),
      after: createAuthMiddleware(async (ctx) => {
        await lock.recordOutcome(ctx);
        await totpOnce.releaseRefused(ctx);
        await endTokens.afterChangePassword(ctx);
        // A Google sign-in for an account with two-factor on ends at the code step, not with a session.
        const challenged = await challengeGoogleSignIn(ctx);
        if (challenged) {
          await logAuthEvent(ctx, challenged.userId);
          throw challenged.redirect;
        }
        await logAuthEvent(ctx);
        return refuseExpiredSession(ctx);
      }),
    },
    logger: authLibraryLogger(logger),
    rateLimit: {
      enabled: options.rateLimit,
      storage: "database",
      modelName: "rateLimit",
      // Two-factor codes: 5 tries a minute per address and endpoint (the plug-in also locks an account
      // after 10 failed sign-in codes). Its other endpoints keep the plug-in's 3 per 10 s.
      customRules: {
        "/two-factor/verify-*": { window: 60, max: 5 },
        // Deleting an account checks a password and possibly a two-factor code: 5 tries a minute.
        "/delete-user": { window: 60, max: 5 },
        // Each request mails the current address: 3 a minute.
        "/change-email": { window: 60, max: 3 },
      },
    },
    plugins: [
      // An authenticator-app factor (TOTP) with backup codes; the secret and the codes are stored
      // encrypted with the auth secret. Sign-in with a password then answers twoFactorRedirect.
      twoFactor({ issuer: "Velolog", backupCodeOptions: { storeBackupCodes: "encrypted" } }),
      googleSignIn(config),
    ],
    // A Google account whose email Google has verified and which is a user's (verified) email joins that
    // user at sign-in; never a duplicate. Google is deliberately not a "trusted provider": trusted, an
    // address Google reports as unverified would join (and sign in to) the account with that email.
    // Linking from Account Settings (POST /api/auth/link-social) needs the same: Google's verified email,
    // equal to the account's (allowDifferentEmails: false), and not linked to another user. Unlinking
    // (POST /api/auth/unlink-account) refuses to remove the last way to sign in. See docs/security.md.
    account: { accountLinking: { enabled: true, allowDifferentEmails: false } },
    // A Google sign-in that fails before its own error address is known (e.g. a stale state) lands on
    // /auth/callback too, which shows "Something went wrong with Google sign-in." (the only such provider).
    onAPIError: { errorURL: `${config.publicUrl}/auth/callback?provider=google` },
    // The client address comes from our own header, set from the connection (or trusted proxies) by
    // app.ts; a client's own X-Forwarded-For is never believed, so it cannot dodge the limits.
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The session check reads a session with its user in one statement (relations in schema.ts), not two.
      database: { joins: true },
    },
    telemetry: { enabled: false },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Every emailed link lands where the server says, whoever asked for the mail: a confirmation link on
 * /auth/callback?type=signup (the sign-in form, sending an unconfirmed address a new link, names no
 * callbackURL, because one there would also send a successful sign-in to it, and the library's default is
 * "/", where a spent link's error would go unread); an email change's links on /account.
 */
function landingOn(url: string, callback: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", callback);
  return link.toString();
}
