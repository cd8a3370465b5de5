import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { messages } from "../../../../shared/messages.ts";
import { type SignUpValues, signUpSchema } from "../../../../shared/schemas/auth.ts";
import { useRefreshSession } from "../api.ts";

export function SignUpForm() {
  const refreshSession = useRefreshSession();
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
    });
    if (error) {
      toast.error(messages.auth.signUpErrorTitle, { description: error.message || messages.generic.error });
      return;
    }
    toast.success(messages.auth.accountCreated, { description: messages.auth.accountCreatedDescription });
    await refreshSession();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={!!errors.email}
          {...form.register("email")}
        />
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={!!errors.password}
          {...form.register("password")}
        />
      </FormField>
      <FormField id="signup-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          id="signup-confirm"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={!!errors.confirmPassword}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
