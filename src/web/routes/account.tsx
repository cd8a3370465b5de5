import { LogOut } from "lucide-react";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { ApiCard } from "@/features/api/api-card.tsx";
import { ApiTokensCard } from "@/features/api-tokens/components/api-tokens-card.tsx";
import { useSession, useSignOut } from "@/features/auth/api.ts";
import { ChangePasswordCard } from "@/features/auth/components/change-password-card.tsx";
import { DeleteAccountCard } from "@/features/auth/components/delete-account-card.tsx";
import { EmailVerification } from "@/features/auth/components/email-verification.tsx";
import { PreferencesCard } from "@/features/auth/components/preferences-card.tsx";
import { SessionsCard } from "@/features/auth/components/sessions-card.tsx";
import { SignInMethodsCard } from "@/features/auth/components/sign-in-methods-card.tsx";
import { TwoFactorCard } from "@/features/auth/components/two-factor-card.tsx";
import { SubscriptionCard } from "@/features/billing/components/subscription-card.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatDate } from "../../shared/format.ts";

export function AccountPage() {
  usePageTitle("Account Settings");
  const { data: session } = useSession();
  const signOut = useSignOut();
  if (!session) return null; // the root route sends visitors to /auth
  const { user } = session;
  return (
    <>
      <PageHeader title="Account Settings" description="Your account and your plan." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              {(
                [
                  ["Email", user.email],
                  [
                    "Email status",
                    <EmailVerification
                      key="status"
                      email={user.email}
                      verified={user.emailVerified === true}
                    />,
                  ],
                  ["User ID", user.id],
                  ["Created", formatDate(new Date(user.createdAt))],
                  ["Last sign in", formatDate(new Date(session.signedInAt))],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 border-b pb-2 last:border-0">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <SubscriptionCard />
        <PreferencesCard />
        <SignInMethodsCard email={user.email} />
        <ChangePasswordCard />
        <TwoFactorCard enabled={user.twoFactorEnabled === true} />
        <SessionsCard currentToken={session.token} />
        <ApiTokensCard />
        <ApiCard />
        <DeleteAccountCard
          twoFactorEnabled={user.twoFactorEnabled === true}
          signedInAt={session.signedInAt}
        />
      </div>
      <div className="mt-6">
        <Button variant="outline" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </div>
    </>
  );
}
