import { PolicyPage } from "../policies.tsx";

export function CookiePolicyPage() {
  return (
    <PolicyPage
      slug="cookie-policy"
      body={() => (
        <>
          <h2>Cookies</h2>
          <p>
            Velolog sets a session cookie when you sign in. It is HTTP-only (page scripts cannot read it), it
            is needed to keep you signed in, and it is removed when you sign out or when the session expires.
            No consent banner is needed for it because the service cannot work without it.
          </p>
          <h2>Browser storage</h2>
          <p>
            Your theme choice (light, dark or system) is kept in local storage, and a one-time note that shows
            the "signed out" message after you sign out is kept in session storage. Neither leaves your
            browser.
          </p>
          <h2>Third parties</h2>
          <p>There are no advertising, analytics or social-media cookies.</p>
        </>
      )}
    />
  );
}
