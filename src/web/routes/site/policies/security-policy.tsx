import { mail, PolicyPage } from "../policies.tsx";

export function SecurityPolicyPage() {
  return (
    <PolicyPage
      slug="security-policy"
      body={(email) => (
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
            Please write to {mail(email)} with the steps to reproduce. We acknowledge reports within 3
            business days, keep you informed, and credit you if you wish. Please give us time to fix the
            problem before you disclose it, and do not access other people's data while testing.
          </p>
          <h2>Breaches</h2>
          <p>
            If a breach affects personal data, we notify the authorities within 72 hours and the affected
            users without undue delay.
          </p>
        </>
      )}
    />
  );
}
