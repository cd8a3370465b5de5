import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ProsePage } from "@/components/prose-page.tsx";
import { useAppConfig } from "@/lib/app-config.ts";

interface Policy {
  title: string;
  description: string;
  body: (supportEmail: string) => ReactNode;
}

const mail = (email: string) => <a href={`mailto:${email}`}>{email}</a>;

export const POLICIES: Record<string, Policy> = {
  "privacy-policy": {
    title: "Privacy Policy",
    description: "What Velolog keeps about you, why, and for how long.",
    body: (email) => (
      <>
        <h2>What we keep</h2>
        <ul>
          <li>
            Your account: email address, a name if your sign-in provider gives one, and your password as an
            Argon2id hash (never the password itself).
          </li>
          <li>What you enter: bicycles, components, service entries, notes, share links and feedback.</li>
          <li>
            Sessions: for each signed-in browser, the session's expiry, the IP address and the browser's user
            agent, so you can see and end your sessions.
          </li>
          <li>
            Server logs: for each request, its time, method, path, status and duration. Usage data like this
            is kept for up to 2 years, then deleted.
          </li>
        </ul>
        <h2>Cookies and browser storage</h2>
        <p>
          One cookie keeps you signed in (an HTTP-only session cookie, deleted when you sign out or it
          expires). Your theme choice is kept in your browser's local storage. There are no advertising or
          analytics cookies and no third-party trackers.
        </p>
        <h2>Who else sees it</h2>
        <p>
          Nobody, unless you share a link (anyone with it sees that bicycle's snapshot) or the operator of
          this Velolog turns on a service that needs it: a payment provider for Premium, a mail provider for
          emails, or file storage for photos. Those processors receive only what their task needs.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see, correct and delete your data in the app, and ask for a copy or for deletion by writing
          to {mail(email)}. Data requests are answered within 30 days.
        </p>
      </>
    ),
  },
  "terms-of-service": {
    title: "Terms of Service",
    description: "The agreement between you and the operator of this Velolog.",
    body: (email) => (
      <>
        <p>
          By creating an account you agree to these terms. Read them with the{" "}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself; you are responsible for what is done with your account. You must be
          old enough to agree to these terms where you live.
        </p>
        <h2>Your content</h2>
        <p>
          What you enter stays yours. You give us only the permission needed to store it and show it to you,
          and to anyone you share a link with.
        </p>
        <h2>Plans and payment</h2>
        <p>
          The Free plan keeps 1 bicycle; Premium keeps up to 10 for $2 per month. A cancellation takes effect
          at the end of the period you paid for. Refunds follow the{" "}
          <Link to="/refund-policy">Refund Policy</Link>.
        </p>
        <h2>Acceptable use</h2>
        <p>
          Use the service as the <Link to="/acceptable-use-policy">Acceptable Use Policy</Link> says. We may
          suspend accounts that break it.
        </p>
        <h2>No warranty</h2>
        <p>
          The service is provided as it is. Service intervals you record are your notes, not safety advice:
          have your bicycle checked by a mechanic.
        </p>
        <h2>Contact</h2>
        <p>Questions about these terms: {mail(email)}.</p>
      </>
    ),
  },
  "cookie-policy": {
    title: "Cookie Policy",
    description: "The one cookie Velolog uses, and what it keeps in your browser.",
    body: () => (
      <>
        <h2>Cookies</h2>
        <p>
          Velolog sets a session cookie when you sign in. It is HTTP-only (page scripts cannot read it), it is
          needed to keep you signed in, and it is removed when you sign out or when the session expires. No
          consent banner is needed for it because the service cannot work without it.
        </p>
        <h2>Browser storage</h2>
        <p>
          Your theme choice (light, dark or system) is kept in local storage, and a one-time note that shows
          the "signed out" message after you sign out is kept in session storage. Neither leaves your browser.
        </p>
        <h2>Third parties</h2>
        <p>There are no advertising, analytics or social-media cookies.</p>
      </>
    ),
  },
  "refund-policy": {
    title: "Refund Policy",
    description: "When a Premium payment is refunded.",
    body: (email) => (
      <>
        <ul>
          <li>First-time subscribers can ask for a full refund within 14 days of their first payment.</li>
          <li>
            Anyone can ask for a refund of the affected period after a technical outage of the service lasting
            over 48 hours.
          </li>
        </ul>
        <h2>How to ask</h2>
        <p>
          Write to {mail(email)} from your account's address. We review each request within 5 business days;
          an approved refund is processed to the original payment method in 5 to 10 business days.
        </p>
        <h2>Cancelling</h2>
        <p>
          You can cancel Premium at any time from Account Settings. The cancellation takes effect at the end
          of the current period: you keep Premium until then and are not charged again.
        </p>
      </>
    ),
  },
  "acceptable-use-policy": {
    title: "Acceptable Use Policy",
    description: "What Velolog may not be used for.",
    body: () => (
      <>
        <p>Do not use Velolog to:</p>
        <ul>
          <li>break the law, or share content that infringes others' rights;</li>
          <li>share links to content that is unlawful, hateful, or that harasses anyone;</li>
          <li>try to reach other users' data, probe or overload the service, or get around its limits;</li>
          <li>
            use the import feature to make the server fetch addresses that are not public bicycle pages;
          </li>
          <li>send spam through the feedback form.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules, and tell you why.</p>
      </>
    ),
  },
  "data-processing-agreement": {
    title: "Data Processing Agreement",
    description: "How personal data is processed on behalf of account holders.",
    body: (email) => (
      <>
        <p>
          Where you use Velolog for an organisation, the operator of this Velolog processes the personal data
          you enter only on your instructions: to store it, show it to you and to those you share it with.
        </p>
        <h2>Security</h2>
        <p>
          Data is kept in the operator's database; passwords are hashed with Argon2id; sessions are HTTP-only
          cookies; every request is checked against the signed-in account. See the{" "}
          <Link to="/security-policy">Security Policy</Link>.
        </p>
        <h2>Sub-processors</h2>
        <p>
          None by default. If the operator enables a payment, mail or file-storage provider, it is listed here
          before it is used.
        </p>
        <h2>Breaches</h2>
        <p>
          A personal-data breach is notified to the supervisory authority within 72 hours of discovery, and to
          you without undue delay.
        </p>
        <h2>Requests and deletion</h2>
        <p>
          Data requests are answered within 30 days. When an account is deleted, its data is deleted. Contact:{" "}
          {mail(email)}.
        </p>
      </>
    ),
  },
  "security-policy": {
    title: "Security Policy",
    description: "How Velolog protects your data, and how to report a vulnerability.",
    body: (email) => (
      <>
        <h2>How we protect your data</h2>
        <ul>
          <li>Passwords are hashed with Argon2id; sign-in is rate-limited.</li>
          <li>
            Sessions are HTTP-only cookies; every request is checked against the signed-in account, and
            another account's data is answered as "not found".
          </li>
          <li>
            Everything you type is shown as text, never run as code; share links are long random tokens.
          </li>
          <li>Pages fetched for import are fetched from public addresses only.</li>
        </ul>
        <h2>Reporting a vulnerability</h2>
        <p>
          Please write to {mail(email)} with the steps to reproduce. We acknowledge reports within 3 business
          days, keep you informed, and credit you if you wish. Please give us time to fix the problem before
          you disclose it, and do not access other people's data while testing.
        </p>
        <h2>Breaches</h2>
        <p>
          If a breach affects personal data, we notify the authorities within 72 hours and the affected users
          without undue delay.
        </p>
      </>
    ),
  },
};

/** The policy named by the path (/privacy-policy, /terms-of-service, ...). */
export function PolicyPage() {
  const { supportEmail } = useAppConfig();
  const policy = POLICIES[useLocation().pathname.slice(1)] ?? POLICIES["privacy-policy"]!;
  return (
    <ProsePage title={policy.title} description={policy.description}>
      {policy.body(supportEmail)}
      <p className="text-sm text-muted-foreground">Last updated Nov 21, 2026.</p>
    </ProsePage>
  );
}
