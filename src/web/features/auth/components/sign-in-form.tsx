import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { type SignInValues, signInSchema } from "../../../../shared/schemas/auth.ts";
import { useRefreshSession } from "../api.ts";

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const refreshSession = useRefreshSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
    if (error) {
      const description =
        error.status === 403
          ? messages.auth.emailNotVerified
          : error.status === 401 || !error.message
            ? messages.auth.invalidCredentials
            : error.message;
      setFailure(description);
      toast.error(messages.auth.signInErrorTitle, { description });
      return;
    }
    await refreshSession();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      {failure ? (
        <Alert variant="destructive">
          <AlertCircle />
          <AlertTitle>{messages.auth.signInErrorTitle}</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <InputField
        id="signin-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...form.register("email")}
      />
      <InputField
        id="signin-password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        required
        {...form.register("password")}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
      <Button type="button" variant="link" onClick={onForgotPassword}>
        Forgot password?
      </Button>
    </form>
  );
}
