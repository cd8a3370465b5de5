import { Link } from "react-router";
import { mail, PolicyPage } from "../policies.tsx";

export function DataProcessingAgreementPage() {
  return (
    <PolicyPage
      slug="data-processing-agreement"
      body={(email) => (
        <>
          <p>
            Where you use Velolog for an organisation, the operator of this Velolog processes the personal
            data you enter only on your instructions: to store it, show it to you and to those you share it
            with.
          </p>
          <h2>Security</h2>
          <p>
            Data is kept in the operator's database; passwords are hashed with Argon2id; sessions are
            HTTP-only cookies; every request is checked against the signed-in account. See the{" "}
            <Link to="/security-policy">Security Policy</Link>.
          </p>
          <h2>Sub-processors</h2>
          <p>
            None by default. If the operator enables a payment, mail or file-storage provider, it is listed
            here before it is used.
          </p>
          <h2>Breaches</h2>
          <p>
            A personal-data breach is notified to the supervisory authority within 72 hours of discovery, and
            to you without undue delay.
          </p>
          <h2>Requests and deletion</h2>
          <p>
            Data requests are answered within 30 days. When an account is deleted, its data is deleted.
            Contact: {mail(email)}.
          </p>
        </>
      )}
    />
  );
}
