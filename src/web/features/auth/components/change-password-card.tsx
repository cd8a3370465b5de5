import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { messages } from "../../../../shared/messages.ts";
import { type ChangePasswordValues, changePasswordSchema } from "../../../../shared/schemas/auth.ts";

const m = messages.auth;

export function ChangePasswordCard() {
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
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Update password</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Update password">
          <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={!!errors.currentPassword}
              {...form.register("currentPassword")}
            />
          </FormField>
          <FormField id="account-new-password" label="New password" error={errors.password?.message}>
            <Input
              id="account-new-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.password}
              {...form.register("password")}
            />
          </FormField>
          <FormField
            id="account-confirm-password"
            label="Confirm new password"
            error={errors.confirmPassword?.message}
          >
            <Input
              id="account-confirm-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.confirmPassword}
              {...form.register("confirmPassword")}
            />
          </FormField>
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
