import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { PASSWORD_RESET_CALLBACK } from "../../../../shared/domain/routes.ts";
import { messages } from "../../../../shared/messages.ts";
import { type ForgotPasswordValues, forgotPasswordSchema } from "../../../../shared/schemas/auth.ts";

const m = messages.auth;

/** Forgot password: sends the reset link, then says Reset Link Sent, with the way back to sign in. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await authClient.requestPasswordReset({
      email,
      redirectTo: PASSWORD_RESET_CALLBACK,
    });
    if (error) {
      toast.error(m.resetEmailFailed, { description: error.message || messages.generic.error });
      return;
    }
    toast.success(m.resetEmailSent, { description: m.resetEmailSentDescription });
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="grid justify-items-center gap-3 text-center" role="status">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <h2 className="font-semibold">{m.resetLinkSentTitle}</h2>
        <p className="text-sm text-muted-foreground">
          If {sentTo} has an account, it will receive a link to choose a new password. The link works once,
          for one hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <p className="text-sm text-muted-foreground">
        Enter your account's email and we will send you a link to choose a new password.
      </p>
      <InputField
        id="forgot-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...form.register("email")}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
