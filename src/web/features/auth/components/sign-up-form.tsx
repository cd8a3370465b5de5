import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { EMAIL_CONFIRMATION_CALLBACK } from "../../../../shared/domain/routes.ts";
import { messages } from "../../../../shared/messages.ts";
import { type SignUpValues, signUpSchema } from "../../../../shared/schemas/auth.ts";
import { weakPasswordMessage } from "../api.ts";
import { useResendVerification } from "../resend-verification.ts";

const m = messages.auth;

/**
 * Sign up ends at Verification Email Sent: the emailed link confirms the address and signs in. The
 * answer is the same whether or not the address already has an account.
 */
export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [showSent, setShowSent] = useState(false);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const { error } = await authClient.signUp.email({
      email: values.email,
      password: values.password,
      name: "",
      callbackURL: EMAIL_CONFIRMATION_CALLBACK,
    });
    if (error) {
      const weak = weakPasswordMessage(error.code);
      if (weak) form.setError("password", { message: weak });
      toast.error(m.signUpErrorTitle, { description: weak ?? (error.message || messages.generic.error) });
      return;
    }
    toast.success(m.accountCreated, { description: m.accountCreatedDescription });
    setSentTo(values.email);
    setShowSent(true);
  });

  if (sentTo && showSent) {
    return <VerificationSent email={sentTo} onBack={() => setShowSent(false)} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      {sentTo ? (
        <Button type="button" variant="link" onClick={() => setShowSent(true)}>
          Reopen: Verification Email Sent to {sentTo}
        </Button>
      ) : null}
      <InputField
        id="signup-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...form.register("email")}
      />
      <InputField
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint={m.passwordHint}
        type="password"
        autoComplete="new-password"
        required
        {...form.register("password")}
      />
      <InputField
        id="signup-confirm"
        label="Confirm password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        required
        {...form.register("confirmPassword")}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}

/** Verification Email Sent, with "Send it again" (said sent only when the server took it). */
function VerificationSent({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendVerification(email);
  return (
    <div className="grid justify-items-center gap-3 text-center" role="status">
      <MailCheck className="size-8 text-primary" aria-hidden="true" />
      <h2 className="font-semibold">{m.verificationSentTitle}</h2>
      <p className="text-sm text-muted-foreground">{m.verificationSent(email)}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending..." : "Send it again"}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Back to the form
        </Button>
      </div>
    </div>
  );
}
