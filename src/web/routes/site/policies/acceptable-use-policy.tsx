import { PolicyPage } from "../policies.tsx";

export function AcceptableUsePolicyPage() {
  return (
    <PolicyPage
      slug="acceptable-use-policy"
      body={() => (
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
      )}
    />
  );
}
