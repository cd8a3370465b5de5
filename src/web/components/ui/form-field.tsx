import { Slot } from "radix-ui";
import type * as React from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { hintClasses } from "./hint-classes.ts";

/**
 * A labelled form control with its hint or error message. The control (the one child) is marked invalid
 * while there is an error and is described by `${id}-error`, or by `${id}-hint` while there is none, so a
 * screen reader reads the message again whenever the field is reached, not only once as it appears.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
  children: React.ReactElement;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root aria-invalid={!!error} aria-describedby={describedBy(id, error, hint)}>
        {children}
      </Slot.Root>
      {hint && !error ? (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The common case: a labelled input with its hint or error message. */
export function InputField({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
} & React.ComponentProps<"input">) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...input} />
    </FormField>
  );
}

/** What a field's control is described by: its error, else its hint. */
function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
