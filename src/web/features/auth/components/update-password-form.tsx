import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { type UpdatePasswordValues, updatePasswordSchema } from "../../../../shared/schemas/auth.ts";
import { weakPasswordMessage } from "../api.ts";
import { keepResetToken, takeResetToken } from "../reset-token.ts";

const m = messages.auth;

/** /auth?mode=update-password: the new password for the emailed reset link. */
export function UpdatePasswordForm({ onDone, onExpired }: { onDone: () => void; onExpired: () => void }) {
  const form = useForm<UpdatePasswordValues>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const token = takeResetToken();
    if (!token) {
      onExpired();
      return;
    }
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    const weak = weakPasswordMessage(error?.code);
    if (weak) {
      // Refused before the link was used: it still works with a better password.
      keepResetToken(token);
      form.setError("password", { message: weak });
      return;
    }
    if (error) {
      toast.error(m.passwordUpdateFailed, { description: error.message || m.linkExpired });
      onExpired();
      return;
    }
    toast.success(m.passwordUpdated, { description: "Sign in with your new password." });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <InputField
        id="new-password"
        label="New password"
        error={errors.password?.message}
        hint={m.passwordHint}
        type="password"
        autoComplete="new-password"
        {...form.register("password")}
      />
      <InputField
        id="new-password-confirm"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register("confirmPassword")}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Update password"}
      </Button>
    </form>
  );
}
