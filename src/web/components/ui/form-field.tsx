import type * as React from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { hintClasses } from "./hint-classes.ts";

/**
 * A labelled form control with its hint or error message; the control names `${id}-error` (or `${id}-hint`,
 * shown while there is no error) in its aria-describedby.
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
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
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

/** The common case: a labelled input, marked invalid and described by its error message when it has one. */
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
  hint?: string;
} & React.ComponentProps<"input">) {
  return (
    <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <Input id={id} aria-invalid={!!error} aria-describedby={describedBy(id, error, hint)} {...input} />
    </FormField>
  );
}

/** What a field's control is described by: its error, else its hint. */
function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
