import { and, eq, exists, isNull, lt, or, sql } from "drizzle-orm";
import type { DistanceUnit } from "../../../shared/domain/distance.ts";
import { signInPath } from "../../../shared/domain/routes.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import type { Mailer } from "../../adapters/mail.ts";
import type { Database } from "../../db/index.ts";
import { reminderNotices, reminderPreferences, serviceIntervals, user } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { listIntervalStatuses } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";
import { unsubscribeToken } from "./tokens.ts";
import { componentUrl, describeUsage, intervalTitle } from "./wording.ts";

export interface DigestDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  authSecret: string;
}

type TellableState = "due-soon" | "overdue";
const rank = { ok: 0, "due-soon": 1, overdue: 2 } as const;

const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The daily digest: for each user with reminders on, a verified address and intervals, the intervals that
 * became due soon or overdue since the user was last told (`reminder_notices`), in one mail, at most one per
 * user per UTC day. What was told is recorded in the transaction that claims the day and sends the mail, so
 * a run repeated after a restart, or by another process, tells nothing twice. Returns the mails sent.
 */
export async function sendReminderDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  const today = startOfUtcDay(now);
  const notMailedToday = or(
    isNull(reminderPreferences.lastDigestAt),
    lt(reminderPreferences.lastDigestAt, today),
  );
  const recipients = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(reminderPreferences, eq(reminderPreferences.userId, user.id))
    .where(
      and(
        eq(user.emailVerified, true),
        or(isNull(reminderPreferences.emailDigest), eq(reminderPreferences.emailDigest, true)),
        notMailedToday,
        exists(db.select({ one: sql`1` }).from(serviceIntervals).where(eq(serviceIntervals.userId, user.id))),
      ),
    );
  let sent = 0;
  for (const recipient of recipients) {
    try {
      if (await digestFor(deps, recipient, now)) sent++;
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

async function digestFor(deps: DigestDeps, recipient: { id: string; email: string }, now: Date) {
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

  const today = startOfUtcDay(now);
  return db.transaction(async (tx) => {
    // Claims today's digest: nothing when it went out already today or reminders were turned off meanwhile.
    const [claimed] = await tx
      .insert(reminderPreferences)
      .values({ userId: recipient.id, lastDigestAt: now })
      .onConflictDoUpdate({
        target: reminderPreferences.userId,
        set: { lastDigestAt: now },
        setWhere: and(
          eq(reminderPreferences.emailDigest, true),
          or(isNull(reminderPreferences.lastDigestAt), lt(reminderPreferences.lastDigestAt, today)),
        ),
      })
      .returning({ userId: reminderPreferences.userId });
    if (!claimed) return false;
    for (const interval of news) {
      await tx
        .insert(reminderNotices)
        .values({ intervalId: interval.id, userId: recipient.id, state: interval.status.state, toldAt: now })
        .onConflictDoUpdate({
          target: reminderNotices.intervalId,
          set: { state: interval.status.state, toldAt: now },
        });
    }
    // Sent inside the transaction: if the mail is refused, nothing is recorded and the next run tries again.
    const token = unsubscribeToken(deps.authSecret, recipient.id);
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
    return true;
  });
}

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
  const section = (title: string, intervals: ServiceInterval[]) =>
    intervals.length === 0
      ? []
      : [
          title,
          ...intervals.flatMap((interval) => [
            `- ${intervalTitle(interval)}`,
            `  ${describeUsage(interval, options.unit)}`,
            `  ${componentUrl(options.publicUrl, interval)}`,
          ]),
          "",
        ];
  return {
    subject: `Service reminder: ${counts.join(", ")}`,
    text: [
      "Hello,",
      "",
      "Some of your bicycle components need attention:",
      "",
      ...section("Overdue", overdue),
      ...section("Due soon", dueSoon),
      // Through the sign-in page, which goes straight on when signed in: /dashboard alone shows the demo.
      `Everything that is due: ${options.publicUrl}${signInPath("/dashboard")}`,
      "",
      "--",
      "Velolog sends at most one reminder a day, when a service interval comes due.",
      `Stop these reminders: ${options.unsubscribeUrl}`,
      `Or turn them off in Account Settings: ${options.publicUrl}/account`,
      "",
    ].join("\n"),
  };
}
