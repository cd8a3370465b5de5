import { useMutation } from "@tanstack/react-query";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { EMAIL_CONFIRMATION_CALLBACK } from "../../../shared/domain/routes.ts";
import { messages } from "../../../shared/messages.ts";

const m = messages.auth;

/**
 * Mails a new confirmation link (Verification Email Sent's "Send it again", Account Settings' "Resend
 * verification email"). Success is said only when the server took the request: a refusal (too many
 * attempts, 429) says so instead.
 */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.sendVerificationEmail({
        email,
        callbackURL: EMAIL_CONFIRMATION_CALLBACK,
      });
      if (error) throw error;
    },
    onSuccess: () => toast.success(m.verificationSentTitle, { description: m.verificationResent }),
    onError: (error) => {
      const { status, message } = error as unknown as { status?: number; message?: string };
      toast.error(m.verificationResendFailed, {
        description: status === 429 ? m.tooManyAttempts : message || messages.generic.error,
      });
    },
  });
}
