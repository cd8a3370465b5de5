import { BadgeCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useResendVerification } from "../resend-verification.ts";

/**
 * The Account card's email status: "Verified", or "Not verified" with a way to mail a new confirmation link
 * (the link lands on /auth/callback, like the one sent at sign-up).
 */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification(email);
  if (verified)
    return (
      <Badge variant="secondary">
        <BadgeCheck aria-hidden="true" /> Verified
      </Badge>
    );
  return (
    <span className="flex flex-wrap items-center justify-end gap-2">
      <Badge variant="outline">Not verified</Badge>
      <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? "Sending..." : "Resend verification email"}
      </Button>
    </span>
  );
}
