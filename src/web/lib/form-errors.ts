import type * as React from "react";
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from "react-hook-form";
import { messages } from "../../shared/messages.ts";
import { ApiError } from "./api-client.ts";

/** Puts the server's field errors beside their fields; what the user typed stays in the form. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) setError(field, { message });
  }
}

/**
 * The message for a date or time field whose typed value the browser could not read (02/31/2024): such an
 * input's value is "", which the schemas take as "cleared", so it is caught here, from `validity.badInput`.
 */
export function unreadableMessage(input: HTMLInputElement): string | undefined {
  if (!input.validity.badInput) return undefined;
  return input.type === "time" ? messages.forms.realTime : messages.forms.realDate;
}

/**
 * A form's submit handler (react-hook-form's `handleSubmit(...)`) that first refuses fields the browser could
 * not read: each gets its error ("Enter a real date"), the other fields are checked as usual, and nothing is
 * saved. Every form with a date input submits through it (decision 0062).
 */
export function submitWhenReadable<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, "trigger" | "setError" | "setFocus">,
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>,
) {
  return async (event: React.FormEvent<HTMLFormElement>) => {
    const unreadable: { name: Path<T>; message: string }[] = [];
    for (const element of Array.from(event.currentTarget.elements)) {
      if (!(element instanceof HTMLInputElement) || !element.name) continue;
      const message = unreadableMessage(element);
      if (message) unreadable.push({ name: element.name as Path<T>, message });
    }
    if (unreadable.length === 0) return submit(event);
    event.preventDefault();
    await form.trigger();
    for (const { name, message } of unreadable) form.setError(name, { type: "badInput", message });
    form.setFocus(unreadable[0]!.name);
  };
}
