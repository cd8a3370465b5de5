import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { EMAIL_CHANGE_PARAM } from "../../../../shared/domain/routes.ts";
import { messages } from "../../../../shared/messages.ts";
import { type ChangeEmailValues, changeEmailSchema } from "../../../../shared/schemas/auth.ts";

const m = messages.emailChange;

/** The server's refusal of a change in words (the auth library's answers, and auth/user-fields.ts). */
function describeRefusal(error: { status: number; code?: string | undefined; message?: string | undefined }) {
  if (error.status === 429) return m.rateLimited;
  if (error.code === "EMAIL_TOO_LONG") return messages.auth.emailTooLong;
  if (error.message === "Email is the same") return messages.auth.emailUnchanged;
  if (error.status === 400) return messages.auth.emailInvalid;
  return error.message || m.failed;
}

/**
 * Asks for a change of the account's email (decision 0082): the current address gets a link to confirm it,
 * then the new address one to finish. The email stays as it is until the second link is opened.
 */
export function ChangeEmailDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm<ChangeEmailValues>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === email.toLowerCase()) {
      form.setError("newEmail", { message: messages.auth.emailUnchanged });
      return;
    }
    const { error } = await authClient.changeEmail({ newEmail });
    if (error) {
      form.setError("newEmail", { message: describeRefusal(error) });
      return;
    }
    setOpen(false);
    toast.success(m.requested, { description: m.requestedDescription(email, newEmail) });
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Change email">
          Change
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={m.title}>
          <InputField
            id="change-email-new"
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.message}
            {...form.register("newEmail")}
          />
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending..." : "Send confirmation link"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const LINK_ERRORS: Record<string, string> = {
  EMAIL_TAKEN: m.taken,
  INVALID_USER: m.otherAccount,
};

/** Back from an email change's link (/account?email-change=…): says how it went once, then tidies the address. */
export function useEmailChangeLanding(email: string) {
  const [params, setParams] = useSearchParams();
  const step = params.get(EMAIL_CHANGE_PARAM);
  const error = params.get("error");
  useEffect(() => {
    // The account's email is known once the session is: the toast of a change names the new one.
    if ((step !== "confirmed" && step !== "done") || !email) return;
    if (error)
      toast.error(m.failed, { id: "email-change", description: LINK_ERRORS[error] ?? m.linkExpired });
    else if (step === "confirmed")
      toast.success(m.confirmed, { id: "email-change", description: m.confirmedDescription });
    else toast.success(m.done, { id: "email-change", description: m.doneDescription(email) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CHANGE_PARAM);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [step, error, email, setParams]);
}
