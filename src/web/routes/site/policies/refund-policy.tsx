import { mail, PolicyPage } from "../policies.tsx";

export function RefundPolicyPage() {
  return (
    <PolicyPage
      slug="refund-policy"
      body={(email) => (
        <>
          <ul>
            <li>First-time subscribers can ask for a full refund within 14 days of their first payment.</li>
            <li>
              Anyone can ask for a refund of the affected period after a technical outage of the service
              lasting over 48 hours.
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
      )}
    />
  );
}
