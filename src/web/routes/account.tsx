import { LogOut } from "lucide-react";
import { CopyButton } from "@/components/copy-button.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { ApiCard } from "@/features/api/api-card.tsx";
import { ApiTokensCard } from "@/features/api-tokens/components/api-tokens-card.tsx";
import { useSession, useSignOut } from "@/features/auth/api.ts";
import { ChangeEmailDialog, useEmailChangeLanding } from "@/features/auth/components/change-email-dialog.tsx";
import { ChangePasswordCard } from "@/features/auth/components/change-password-card.tsx";
import { DeleteAccountCard } from "@/features/auth/components/delete-account-card.tsx";
import { EmailVerification } from "@/features/auth/components/email-verification.tsx";
import { PreferencesCard } from "@/features/auth/components/preferences-card.tsx";
import { SessionsCard } from "@/features/auth/components/sessions-card.tsx";
import { SignInMethodsCard } from "@/features/auth/components/sign-in-methods-card.tsx";
import { TwoFactorCard } from "@/features/auth/components/two-factor-card.tsx";
import { SubscriptionCard } from "@/features/billing/components/subscription-card.tsx";
import { CsvCard } from "@/features/csv/components/csv-card.tsx";
import { YourDataCard } from "@/features/export/components/your-data-card.tsx";
import { RemindersCard } from "@/features/reminders/components/reminders-card.tsx";
import { StravaCard } from "@/features/strava/components/strava-card.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatDate } from "../../shared/format.ts";

export function AccountPage() {
  usePageTitle("Account Settings");
  const { data: session } = useSession();
  const signOut = useSignOut();
  useEmailChangeLanding(session?.user.email ?? "");
  if (!session) return null; // the root route sends visitors to /auth
  const { user } = session;
  return (
    <>
      <PageHeader title="Account Settings" description="Your account and your plan." />
      {/* Two columns that each stack their own cards, so a tall card leaves no gap beside it. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Account</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-1 gap-3 text-sm">
                {(
                  [
                    [
                      "Email",
                      // An address is read whole (a touch screen shows no title): a long one wraps, after
                      // its @ before anywhere else ("jane.doe@" over "example.com", not "…@exampl" over "e.com").
                      <span key="email" className="flex min-w-0 items-center justify-end gap-2">
                        <span className="min-w-0 wrap-anywhere">
                          {user.email.slice(0, user.email.lastIndexOf("@") + 1)}
                          <wbr />
                          {user.email.slice(user.email.lastIndexOf("@") + 1)}
                        </span>
                        <ChangeEmailDialog email={user.email} />
                      </span>,
                    ],
                    [
                      "Email status",
                      <EmailVerification
                        key="status"
                        email={user.email}
                        verified={user.emailVerified === true}
                      />,
                    ],
                    [
                      "User ID",
                      <span key="id" className="flex min-w-0 items-center justify-end gap-1">
                        <span className="truncate font-mono text-xs" title={user.id}>
                          {user.id}
                        </span>
                        <CopyButton text={user.id} label="Copy user ID" done="User ID copied" iconOnly />
                      </span>,
                    ],
                    ["Created", formatDate(new Date(user.createdAt))],
                    ["Last sign in", formatDate(new Date(session.signedInAt))],
                  ] as const
                ).map(([label, value]) => (
                  <div
                    key={label}
                    // A value too wide beside its label (a long address on a phone) takes a line of its own.
                    className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b pb-2 last:border-0"
                  >
                    <dt className="shrink-0 whitespace-nowrap text-muted-foreground">{label}</dt>
                    <dd className="ml-auto min-w-0 text-right font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <SubscriptionCard />
          <PreferencesCard />
          <RemindersCard />
          <SignInMethodsCard email={user.email} />
          <StravaCard />
          <CsvCard />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <ChangePasswordCard />
          <TwoFactorCard enabled={user.twoFactorEnabled === true} />
          <SessionsCard currentToken={session.token} />
          <ApiTokensCard />
          <ApiCard />
          <YourDataCard />
          <DeleteAccountCard
            twoFactorEnabled={user.twoFactorEnabled === true}
            signedInAt={session.signedInAt}
          />
        </div>
      </div>
      <div className="mt-6">
        <Button variant="outline" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </div>
    </>
  );
}
