import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { useSession } from "@/features/auth/api.ts";
import { call, client } from "@/lib/api-client.ts";
import { describeError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { messages } from "../../../shared/messages.ts";
import { type FeedbackInput, feedbackInputSchema } from "../../../shared/schemas/feedback.ts";

const m = messages.feedback;

export function FeedbackPage() {
  usePageTitle("Feedback");
  const { data: session } = useSession();
  const form = useForm<FeedbackInput>({
    resolver: zodResolver(feedbackInputSchema),
    defaultValues: { title: "", feedback: "" },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await call(client.feedback.$post({ json: input }));
    } catch (error) {
      const { title } = describeError(error);
      toast.error(title === "Error" ? m.failedTitle : title, {
        description: title === "Error" ? m.failed : describeError(error).description,
      });
      return;
    }
    toast.success(m.submitted, { description: m.submittedDescription });
    form.reset();
  });

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Feedback"
        description="Ideas, bugs, praise: tell us what would make Velolog better."
      />
      <Card>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Feedback form" {...unsaved}>
            <p className="text-sm text-muted-foreground">We will reply to {session?.user.email}.</p>
            <FormField id="feedback-title" label="Title" error={errors.title?.message}>
              <Input id="feedback-title" {...form.register("title")} />
            </FormField>
            <FormField id="feedback-text" label="Feedback" error={errors.feedback?.message}>
              <Textarea id="feedback-text" rows={6} {...form.register("feedback")} />
            </FormField>
            <div className="flex justify-end">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Sending..." : "Send Feedback"}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
