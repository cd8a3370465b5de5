import { outboxNewestFirst } from "../adapters/mail.ts";

/** The newest link of a kind (e.g. "/api/auth/verify-email") mailed to an address, from the outbox. */
export function lastLinkTo(dataDir: string, email: string, contains: string): string | null {
  for (const mail of outboxNewestFirst(dataDir)) {
    if (mail.to !== email.toLowerCase() && mail.to !== email) continue;
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (link?.includes(contains)) return link;
  }
  return null;
}

/** How many mails an address has been sent, from the outbox. */
export function mailCountTo(dataDir: string, email: string): number {
  return [...outboxNewestFirst(dataDir)].filter(
    (mail) => mail.to === email.toLowerCase() || mail.to === email,
  ).length;
}
