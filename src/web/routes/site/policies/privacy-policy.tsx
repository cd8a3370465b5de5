import { mail, PolicyPage } from "../policies.tsx";

export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      slug="privacy-policy"
      body={(email) => (
        <>
          <h2>What we keep</h2>
          <ul>
            <li>
              Your account: email address, a name if your sign-in provider gives one, and your password as an
              Argon2id hash (never the password itself).
            </li>
            <li>What you enter: bicycles, components, service entries, notes, share links and feedback.</li>
            <li>
              Sessions: for each signed-in browser, the session's expiry, the IP address and the browser's
              user agent, so you can see and end your sessions.
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
            You can see, correct and delete your data in the app, and ask for a copy or for deletion by
            writing to {mail(email)}. Data requests are answered within 30 days.
          </p>
        </>
      )}
    />
  );
}
