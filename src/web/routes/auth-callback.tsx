import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useRefreshSession } from "@/features/auth/api.ts";
import {
  CONFIRMATION_LINK_ERROR,
  EMAIL_CONFIRMED_PARAM,
  LINK_ERROR_PARAM,
} from "@/features/auth/auth-options.ts";
import { keepResetToken } from "@/features/auth/reset-token.ts";
import { fetchSession } from "@/lib/session.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { safeNextPath } from "../../shared/domain/routes.ts";
import { messages } from "../../shared/messages.ts";

/** Where emailed links land (SPEC.md section 4's callback outcomes). */
export function AuthCallbackPage() {
  usePageTitle(messages.auth.completing);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();

  useEffect(() => {
    const error = params.get("error");
    const token = params.get("token");
    // An email confirmation link says type=signup, a password reset link type=recovery (shared/domain/routes.ts).
    const confirmation = params.get("type") === "signup";
    if (error && params.get("provider") === "google") {
      // Google came back with an error (cancelled, refused, or a stale attempt). Signed in, it was linking
      // from Account Settings, which says what went wrong; otherwise it was a sign-in.
      void fetchSession()
        .catch(() => null)
        .then((session) =>
          navigate(
            session
              ? `/account?${LINK_ERROR_PARAM}=google&error=${encodeURIComponent(error)}`
              : "/auth?error=google",
            { replace: true },
          ),
        );
    } else if (error && confirmation) {
      // Expired, altered, or for an account deleted since: signing in mails a new link.
      navigate(`/auth?error=${CONFIRMATION_LINK_ERROR}`, { replace: true });
    } else if (error) {
      const expired = ["INVALID_TOKEN", "TOKEN_EXPIRED", "access_denied", "otp_expired"].includes(error);
      navigate(expired ? "/auth?error=expired_link" : "/auth", { replace: true });
    } else if (token && params.get("type") === "recovery") {
      keepResetToken(token);
      navigate("/auth?mode=update-password", { replace: true });
    } else if (confirmation) {
      // The first use of the link confirms the address and signs in; a later one (the address is already
      // confirmed) comes back without a session: the address is confirmed, and signing in is what is left.
      void fetchSession()
        .catch(() => null)
        .then((session) =>
          session
            ? refreshSession().then(() => navigate("/", { replace: true }))
            : navigate(`/auth?${EMAIL_CONFIRMED_PARAM}=1`, { replace: true }),
        );
    } else {
      const next = safeNextPath(params.get("next")) ?? "/";
      void refreshSession().then(() => navigate(next, { replace: true }));
    }
  }, [params, navigate, refreshSession]);

  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <h1 className="text-muted-foreground">{messages.auth.completing}</h1>
    </div>
  );
}
