import { useMutation } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";

/**
 * The Account card's email status: "Verified", or "Not verified" with a way to mail a new confirmation link
 * (the link lands on /auth/callback, like the one sent at sign-up).
 */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const resend = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: "/auth/callback" });
      if (error) throw error;
    },
    onSuccess: () =>
      toast.success(messages.auth.verificationSentTitle, { description: messages.auth.verificationResent }),
    onError: (error) => {
      const { status, message } = error as unknown as { status?: number; message?: string };
      toast.error("Could not send the verification email", {
        description:
          status === 429
            ? "Too many attempts. Please wait a minute and try again."
            : message || "Please try again.",
      });
    },
  });
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
