import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { type ChangePasswordValues, changePasswordSchema } from "../../../../shared/schemas/auth.ts";
import { sessionQueryKey, weakPasswordMessage } from "../api.ts";

const m = messages.auth;

export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    const { error } = await authClient.changePassword({
      currentPassword,
      newPassword: password,
      revokeOtherSessions: true,
    });
    const weak = weakPasswordMessage(error?.code);
    if (weak) {
      form.setError("password", { message: weak });
      toast.error(m.passwordUpdateFailed, { description: weak });
      return;
    }
    if (error) {
      const wrongCurrent = error.status === 400 || error.code === "INVALID_PASSWORD";
      if (wrongCurrent) form.setError("currentPassword", { message: "The current password is not right" });
      toast.error(m.passwordUpdateFailed, {
        description: wrongCurrent ? "The current password is not right." : error.message,
      });
      return;
    }
    toast.success(m.passwordUpdated, { description: "Your other sessions were signed out." });
    form.reset();
    // The Sessions card lists this browser alone now. The library also gave this browser a new session
    // (a new token), so the session is read again too, for the card's "This browser".
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["auth-sessions"] }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Update password</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Update password">
          <InputField
            id="current-password"
            label="Current password"
            error={errors.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
          />
          <InputField
            id="account-new-password"
            label="New password"
            error={errors.password?.message}
            hint={m.passwordHint}
            type="password"
            autoComplete="new-password"
            {...form.register("password")}
          />
          <InputField
            id="account-confirm-password"
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving..." : "Update password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
