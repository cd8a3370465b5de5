import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq, exists, isNull, lt, or, sql } from "drizzle-orm";
import type { DistanceUnit } from "../../../shared/domain/distance.ts";
import { signInPath } from "../../../shared/domain/routes.ts";
import { describeUsage } from "../../../shared/interval-wording.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import { DEFAULT_TIME_ZONE, dayInZone, startOfDayInZone } from "../../../shared/time-zone.ts";
import type { Mailer } from "../../adapters/mail.ts";
import type { Database } from "../../db/index.ts";
import {
  reminderNotices,
  reminderPreferences,
  serviceIntervals,
  user,
  userSettings,
} from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { listIntervalStatuses } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";
import { unsubscribeToken } from "./tokens.ts";
import { componentUrl, intervalTitle } from "./wording.ts";

export interface DigestDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  authSecret: string;
}

type TellableState = "due-soon" | "overdue";
const rank = { ok: 0, "due-soon": 1, overdue: 2 } as const;

/**
 * The hours of the rider's day in which a digest may go out (from 07:00 to 21:59 in their time zone): news
 * that comes at night (a months interval comes due at the rider's midnight) waits for the morning.
 */
export const DIGEST_HOURS = { from: 7, until: 22 } as const;

/** When the rider's day began, or null when it is night where they are and no digest goes out. */
function digestDayStart(now: Date, timeZone: string): Date | null {
  const hour = Number(format(now, "H", { in: tz(timeZone) }));
  if (hour < DIGEST_HOURS.from || hour >= DIGEST_HOURS.until) return null;
  return startOfDayInZone(dayInZone(now, timeZone), timeZone);
}

interface Recipient {
  id: string;
  email: string;
  lastDigestAt: Date | null;
  timeZone: string | null;
}

/**
 * The daily digest: for each user with reminders on, a verified address and intervals, the intervals that
 * became due soon or overdue since the user was last told (`reminder_notices`), in one mail, at most one per
 * user per day of the rider's time zone, sent in the rider's daytime (`DIGEST_HOURS`). The day is claimed
 * in the database before the mail is sent, so a run repeated after a restart, or by another process, sends
 * nothing twice; no transaction is open while the mail server takes its time (decision 0070). Returns the
 * mails sent.
 */
export async function sendReminderDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  const recipients: Recipient[] = await db
    .select({
      id: user.id,
      email: user.email,
      lastDigestAt: reminderPreferences.lastDigestAt,
      timeZone: userSettings.timeZone,
    })
    .from(user)
    .leftJoin(reminderPreferences, eq(reminderPreferences.userId, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(
      and(
        eq(user.emailVerified, true),
        or(isNull(reminderPreferences.emailDigest), eq(reminderPreferences.emailDigest, true)),
        exists(db.select({ one: sql`1` }).from(serviceIntervals).where(eq(serviceIntervals.userId, user.id))),
      ),
    );
  let sent = 0;
  for (const recipient of recipients) {
    try {
      const dayStart = digestDayStart(now, recipient.timeZone ?? DEFAULT_TIME_ZONE);
      if (!dayStart || (recipient.lastDigestAt && recipient.lastDigestAt >= dayStart)) continue;
      if (await digestFor(deps, recipient, now, dayStart)) sent++;
    } catch (error) {
      // One user's failure (a mail server refusing the address) must not keep the others' mail back.
      deps.logger.warn(
        { err: error, userId: recipient.id },
        "reminder digest not sent; tried again next run",
      );
    }
  }
  return sent;
}

async function digestFor(deps: DigestDeps, recipient: Recipient, now: Date, dayStart: Date) {
  const { db } = deps;
  const [intervals, told, { distanceUnit }] = await Promise.all([
    listIntervalStatuses(db, recipient.id, { now }),
    db
      .select({ intervalId: reminderNotices.intervalId, state: reminderNotices.state })
      .from(reminderNotices)
      .where(eq(reminderNotices.userId, recipient.id)),
    getSettings(db, recipient.id),
  ]);
  const toldState = new Map(told.map((row) => [row.intervalId, row.state as keyof typeof rank]));
  const news = intervals.filter(
    (interval): interval is ServiceInterval & { status: { state: TellableState } } =>
      interval.status.state !== "ok" &&
      rank[interval.status.state] > rank[toldState.get(interval.id) ?? "ok"],
  );
  // Serviced since (or an interval made longer): forget what was told, so its next time due is told again.
  const calmer = intervals.filter(
    (interval) =>
      toldState.has(interval.id) && rank[interval.status.state] < rank[toldState.get(interval.id)!],
  );
  for (const interval of calmer) {
    if (interval.status.state === "ok") {
      await db.delete(reminderNotices).where(eq(reminderNotices.intervalId, interval.id));
    } else {
      await db
        .update(reminderNotices)
        .set({ state: interval.status.state })
        .where(eq(reminderNotices.intervalId, interval.id));
    }
  }
  if (news.length === 0) return false;

  // Claims today's digest in one statement: nothing when it went out already today (another process, a run
  // before a restart) or reminders were turned off meanwhile.
  const [claimed] = await db
    .insert(reminderPreferences)
    .values({ userId: recipient.id, lastDigestAt: now })
    .onConflictDoUpdate({
      target: reminderPreferences.userId,
      set: { lastDigestAt: now },
      setWhere: and(
        eq(reminderPreferences.emailDigest, true),
        or(isNull(reminderPreferences.lastDigestAt), lt(reminderPreferences.lastDigestAt, dayStart)),
      ),
    })
    .returning({ userId: reminderPreferences.userId });
  if (!claimed) return false;

  const token = unsubscribeToken(deps.authSecret, recipient.id);
  try {
    await deps.mailer.send({
      to: recipient.email,
      ...digestMail(news, {
        publicUrl: deps.publicUrl,
        unit: distanceUnit,
        unsubscribeUrl: `${deps.publicUrl}/unsubscribe?token=${token}`,
      }),
      // One-click unsubscribe from the mail program's own button (RFC 8058): it POSTs to this address.
      headers: {
        "List-Unsubscribe": `<${deps.publicUrl}/api/reminders/unsubscribe/one-click?token=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  } catch (error) {
    // Refused: the day is given back, so the next run tries again.
    await db
      .update(reminderPreferences)
      .set({ lastDigestAt: recipient.lastDigestAt })
      .where(and(eq(reminderPreferences.userId, recipient.id), eq(reminderPreferences.lastDigestAt, now)));
    throw error;
  }
  // Recorded once sent: a crash in between tells it again the next day, never twice the same day.
  await db.transaction(async (tx) => {
    for (const interval of news) {
      await tx
        .insert(reminderNotices)
        .values({ intervalId: interval.id, userId: recipient.id, state: interval.status.state, toldAt: now })
        .onConflictDoUpdate({
          target: reminderNotices.intervalId,
          set: { state: interval.status.state, toldAt: now },
        });
    }
  });
  return true;
}

/** How many intervals a digest lists (a mail read on a phone); more are counted, not listed. */
export const DIGEST_LISTS_AT_MOST = 10;

/** The digest's subject and text: overdue first, then due soon, each with its component's link. */
export function digestMail(
  news: (ServiceInterval & { status: { state: TellableState } })[],
  options: { publicUrl: string; unit: DistanceUnit; unsubscribeUrl: string },
): { subject: string; text: string } {
  const overdue = news.filter((interval) => interval.status.state === "overdue");
  const dueSoon = news.filter((interval) => interval.status.state === "due-soon");
  const counts = [
    overdue.length > 0 && `${overdue.length} overdue`,
    dueSoon.length > 0 && `${dueSoon.length} due soon`,
  ].filter(Boolean);
  // Overdue first; past DIGEST_LISTS_AT_MOST the rest is counted, and the dashboard link shows it all.
  const listedOverdue = overdue.slice(0, DIGEST_LISTS_AT_MOST);
  const listedDueSoon = dueSoon.slice(0, DIGEST_LISTS_AT_MOST - listedOverdue.length);
  const section = (title: string, intervals: ServiceInterval[], listed: ServiceInterval[]) =>
    intervals.length === 0
      ? []
      : [
          title,
          // A blank line after each: on a phone the link wraps over lines, and the next one must stand apart.
          ...listed.flatMap((interval) => [
            `- ${intervalTitle(interval)}`,
            `  ${describeUsage(interval, options.unit).join(" · ")}`,
            `  ${componentUrl(options.publicUrl, interval)}`,
            "",
          ]),
          ...(listed.length < intervals.length ? [`- and ${intervals.length - listed.length} more`, ""] : []),
        ];
  return {
    subject: `Service reminder: ${counts.join(", ")}`,
    text: [
      "Hello,",
      "",
      "Some of your bicycle components need attention:",
      "",
      ...section("Overdue", overdue, listedOverdue),
      ...section("Due soon", dueSoon, listedDueSoon),
      // Through the sign-in page, which goes straight on when signed in: /dashboard alone shows the demo.
      `Everything that is due: ${options.publicUrl}${signInPath("/dashboard")}`,
      "",
      // "-- " (with its space) is the signature line mail programs recognise, and show the rest as a footer.
      "-- ",
      "Velolog sends at most one reminder a day, when a service interval comes due.",
      `Stop these reminders: ${options.unsubscribeUrl}`,
      `Or turn them off in Account Settings: ${options.publicUrl}/account`,
      "",
    ].join("\n"),
  };
}
