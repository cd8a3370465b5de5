import { AlertCircle, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Logo } from "@/components/layout/logo.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { useSession } from "@/features/auth/api.ts";
import { CONFIRMATION_LINK_ERROR, EMAIL_CONFIRMED_PARAM } from "@/features/auth/auth-options.ts";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form.tsx";
import { GOOGLE_ERROR, GoogleSignIn } from "@/features/auth/components/google-sign-in.tsx";
import { SignInForm } from "@/features/auth/components/sign-in-form.tsx";
import { SignUpForm } from "@/features/auth/components/sign-up-form.tsx";
import { TwoFactorStep } from "@/features/auth/components/two-factor-step.tsx";
import { UpdatePasswordForm } from "@/features/auth/components/update-password-form.tsx";
import { hasResetToken } from "@/features/auth/reset-token.ts";
import { onTwoFactorRequired } from "@/lib/auth-client.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { EMAIL_CHANGE_PARAM, GOOGLE_TWO_FACTOR_LANDING, safeNextPath } from "../../shared/domain/routes.ts";
import { messages, PRODUCT_NAME, TAGLINE } from "../../shared/messages.ts";
import { STRAVA_SIGNED_OUT_ERROR } from "../../shared/schemas/strava.ts";

const m = messages.auth;
/** The step= that opens /auth at the code step. */
const TWO_FACTOR_STEP = new URLSearchParams(GOOGLE_TWO_FACTOR_LANDING.split("?")[1]).get("step");

export function AuthPage() {
  usePageTitle("Sign In");
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const [forgot, setForgot] = useState(false);
  // A right password, or a Google sign-in (GOOGLE_TWO_FACTOR_LANDING), for an account with two-factor
  // authentication: the code step replaces the tabs.
  const [twoFactor, setTwoFactor] = useState(() => params.get("step") === TWO_FACTOR_STEP);
  useEffect(() => onTwoFactorRequired(() => setTwoFactor(true)), []);
  const updating = params.get("mode") === "update-password";
  if (session && !updating) return <Navigate to={safeNextPath(params.get("next")) ?? "/"} replace />;
  const tab = params.get("tab") === "signup" ? "signup" : "signin";
  const expired = params.get("error") === "expired_link";
  const confirmationFailed = params.get("error") === CONFIRMATION_LINK_ERROR;
  const confirmed = params.has(EMAIL_CONFIRMED_PARAM);
  // The new address's link of an email change, opened with no session: the email changed, sign in with it.
  const emailChanged = params.get(EMAIL_CHANGE_PARAM) === "done";
  const googleFailed = params.get("error") === GOOGLE_ERROR;
  const next = params.get("next");
  // Back from Strava's approval without a session (features/strava/routes.ts).
  const stravaSignedOut = params.get("error") === STRAVA_SIGNED_OUT_ERROR;
  const backToSignIn = () => {
    setForgot(false);
    setParams(next ? { next } : {}, { replace: true });
  };

  let body: React.ReactNode;
  if (updating && hasResetToken()) {
    body = (
      <UpdatePasswordForm
        onDone={backToSignIn}
        onExpired={() => setParams({ error: "expired_link" }, { replace: true })}
      />
    );
  } else if (updating) {
    body = (
      <p className="text-sm text-muted-foreground">
        {session ? (
          <>
            Change your password in{" "}
            <Link to="/account" className="text-primary underline underline-offset-4">
              Account Settings
            </Link>
            .
          </>
        ) : (
          <>
            Open the link from your reset email to choose a new password, or{" "}
            <button
              type="button"
              className="text-primary underline underline-offset-4"
              onClick={() => {
                setParams({}, { replace: true });
                setForgot(true);
              }}
            >
              request a new one
            </button>
            .
          </>
        )}
      </p>
    );
  } else if (twoFactor) {
    body = (
      <TwoFactorStep
        onRestart={() => {
          setTwoFactor(false);
          setParams(next ? { next } : {}, { replace: true });
        }}
      />
    );
  } else if (forgot) {
    body = <ForgotPasswordForm onBack={backToSignIn} />;
  } else {
    body = (
      <Tabs
        value={tab}
        // The page to go on to after signing in (next=) stays whichever tab is chosen.
        onValueChange={(value) =>
          setParams(
            { ...(value === "signup" ? { tab: "signup" } : {}), ...(next ? { next } : {}) },
            { replace: true },
          )
        }
      >
        <TabsList className="mb-4 grid w-full grid-cols-2">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm onForgotPassword={() => setForgot(true)} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
        <GoogleSignIn />
      </Tabs>
    );
  }

  return (
    <main
      tabIndex={-1}
      className="outline-none flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10"
    >
      <Logo />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">
            {updating
              ? "Choose a new password"
              : twoFactor
                ? "Two-factor authentication"
                : forgot
                  ? "Reset your password"
                  : `Welcome to ${PRODUCT_NAME}`}
          </h1>
          {/* The tagline greets; the other steps' own text says what to do. */}
          {updating || twoFactor || forgot ? null : <CardDescription>{TAGLINE}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {expired ? (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertTitle>{m.linkExpiredTitle}</AlertTitle>
              <AlertDescription>{m.linkExpired}</AlertDescription>
            </Alert>
          ) : null}
          {confirmationFailed ? (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertTitle>{m.confirmationLinkExpiredTitle}</AlertTitle>
              <AlertDescription>{m.confirmationLinkExpired}</AlertDescription>
            </Alert>
          ) : null}
          {confirmed ? (
            <Alert>
              <MailCheck />
              <AlertTitle>{m.emailConfirmedTitle}</AlertTitle>
              <AlertDescription>{m.emailConfirmed}</AlertDescription>
            </Alert>
          ) : null}
          {emailChanged ? (
            <Alert>
              <MailCheck />
              <AlertTitle>{messages.emailChange.done}</AlertTitle>
              <AlertDescription>{messages.emailChange.doneSignIn}</AlertDescription>
            </Alert>
          ) : null}
          {stravaSignedOut ? (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertTitle>{messages.strava.signedOutTitle}</AlertTitle>
              <AlertDescription>{messages.strava.signedOut}</AlertDescription>
            </Alert>
          ) : null}
          {googleFailed ? (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertTitle>{m.googleError}</AlertTitle>
            </Alert>
          ) : null}
          {body}
        </CardContent>
      </Card>
    </main>
  );
}
