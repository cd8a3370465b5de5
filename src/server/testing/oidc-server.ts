import { Events, OAuth2Server } from "oauth2-mock-server";

export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A real OpenID Connect provider (oauth2-mock-server) on 127.0.0.1 and a free port, standing in for Google:
 * discovery, authorize (signs in the current user at once), token with signed ID tokens, userinfo, JWKS.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  let user: OidcUser = { sub: "google-0", email: "nobody@example.com", email_verified: true, name: "Nobody" };
  let nextError: string | null = null;
  // Every token and the userinfo answer carry the current user's claims.
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, user);
  });
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...user };
  });
  server.service.on(Events.BeforeAuthorizeRedirect, (redirect) => {
    if (!nextError) return;
    // As a provider does when the user cancels: no code, an error in the callback's query.
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", nextError);
    nextError = null;
  });
  return {
    issuerUrl: server.issuer.url!.replace(/\/$/, ""),
    /** The person who "signs in at Google" next. */
    signInAs(next: OidcUser) {
      user = next;
    },
    /** The next authorization answers with this error instead of a code (e.g. access_denied). */
    failNext(error: string) {
      nextError = error;
    },
    /**
     * An ID token for the current user, signed by this issuer for `audience` (our client id), as a page using
     * Google's own sign-in button would hold and could post to POST /api/auth/sign-in/social {idToken}.
     */
    idTokenFor(audience: string, nonce?: string) {
      return server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, user, { aud: audience }, nonce ? { nonce } : {});
        },
      });
    },
    close: () => server.stop(),
  };
}
