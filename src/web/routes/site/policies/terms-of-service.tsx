import { Link } from "react-router";
import { mail, PolicyPage } from "../policies.tsx";

export function TermsOfServicePage() {
  return (
    <PolicyPage
      slug="terms-of-service"
      body={(email) => (
        <>
          <p>
            By creating an account you agree to these terms. Read them with the{" "}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
          <h2>Your account</h2>
          <p>
            Keep your password to yourself; you are responsible for what is done with your account. You must
            be old enough to agree to these terms where you live.
          </p>
          <h2>Your content</h2>
          <p>
            What you enter stays yours. You give us only the permission needed to store it and show it to you,
            and to anyone you share a link with.
          </p>
          <h2>Plans and payment</h2>
          <p>
            The Free plan keeps 1 bicycle; Premium keeps up to 10 for $2 per month. A cancellation takes
            effect at the end of the period you paid for. Refunds follow the{" "}
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
      )}
    />
  );
}
