import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { CopyButton } from "@/components/copy-button.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { FormField, InputField } from "@/components/ui/form-field.tsx";
import { Label } from "@/components/ui/label.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { showError } from "@/lib/error-handler.ts";
import { focusAfterRemoving } from "@/lib/focus.ts";
import { applyServerFieldErrors } from "@/lib/form-errors.ts";
import { toast } from "@/lib/toaster.ts";
import { formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import {
  API_TOKEN_LIMIT,
  type ApiToken,
  type CreatedApiToken,
  createApiTokenSchema,
} from "../../../../shared/schemas/api-token.ts";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api.ts";

const EXPIRY_CHOICES = [
  { value: "none", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
] as const;

const formSchema = z.object({
  name: createApiTokenSchema.shape.name,
  scope: createApiTokenSchema.shape.scope,
  expiry: z.enum(EXPIRY_CHOICES.map((choice) => choice.value)),
});
type FormValues = z.infer<typeof formSchema>;

const SCOPE_LABELS = { read: "Read only", write: "Read and write" } as const;

/** Personal API tokens: scripts call the API as this user (README, "API tokens"). */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API tokens</CardTitle>
        <CardDescription>{messages.apiTokens.cardDescription}</CardDescription>
        <CardDescription>{messages.apiTokens.endedByPassword(API_TOKEN_LIMIT)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        {created ? (
          <NewTokenSecret
            // A new box for each new token, so focus goes to each new secret.
            key={created.token.id}
            created={created}
            onDone={() => {
              setCreated(null);
              // The secret's box goes away with the focused button: keyboard users go on from the form.
              document.getElementById(NAME_FIELD_ID)?.focus();
            }}
          />
        ) : null}
        {tokens.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading API tokens...
          </p>
        ) : tokens.isError ? (
          <LoadFailed title={messages.apiTokens.loadFailed} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <p className="text-muted-foreground">No API tokens yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="API tokens">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
        <CreateTokenForm onCreated={setCreated} />
      </CardContent>
    </Card>
  );
}

const NAME_FIELD_ID = "api-token-name";

function NewTokenSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const secretField = useRef<HTMLTextAreaElement>(null);
  // Focus (which selects it) goes to the secret as it appears, so the keyboard and a screen reader reach
  // it at once instead of after the whole token list; it is shown only this once.
  useEffect(() => secretField.current?.focus(), []);
  return (
    <Alert role="status">
      <KeyRound aria-hidden="true" />
      <AlertTitle>Copy your new token “{created.token.name}” now</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>It is shown only this once. Keep it like a password.</p>
        <Label htmlFor="new-api-token" className="sr-only">
          New API token
        </Label>
        <Textarea
          ref={secretField}
          id="new-api-token"
          readOnly
          rows={2}
          value={created.secret}
          className="min-h-0 resize-none font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap gap-2">
          <CopyButton text={created.secret} label="Copy token" done="Token copied" size="default" />
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  // The Revoke button goes with its row: the keyboard goes on from the next token's, or from the form.
  const revokeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div className="grid min-w-0 gap-1">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{token.name}</span>
          <Badge variant="secondary">{SCOPE_LABELS[token.scope]}</Badge>
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </span>
        <span className="font-mono text-xs text-muted-foreground">{token.start}…</span>
        <span className="text-xs text-muted-foreground">
          Created {formatDate(token.createdAt)} ·{" "}
          {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : "Never used"} ·{" "}
          {token.expiresAt
            ? `${expired ? "Expired" : "Expires"} ${formatDate(token.expiresAt)}`
            : "Never expires"}
        </span>
      </div>
      <ConfirmDialog
        trigger={
          <Button ref={revokeButton} variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        }
        title="Revoke this API token?"
        description={`Scripts using “${token.name}” will be refused from their next request. This cannot be undone.`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        returnFocusTo={returnFocus}
        onConfirm={() => {
          returnFocus.current = focusAfterRemoving(
            revokeButton.current,
            document.getElementById(NAME_FIELD_ID),
          );
          return revoke.mutateAsync(token.id).then(
            () => toast.success("API token revoked"),
            (error: unknown) => {
              showError(error);
              throw error;
            },
          );
        }}
      />
    </li>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", scope: "read", expiry: "90" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name, scope, expiry }) => {
    try {
      const created = await create.mutateAsync({
        name,
        scope,
        expiresInDays: expiry === "none" ? null : (Number(expiry) as 7 | 30 | 90 | 365),
      });
      onCreated(created);
      form.reset();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["name", "scope"]);
      showError(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4" aria-label="Create API token">
      <InputField
        id={NAME_FIELD_ID}
        label="Token name"
        hint="What will use it, e.g. “Backup script”."
        error={errors.name?.message}
        maxLength={100}
        {...form.register("name")}
      />
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Access</legend>
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange}>
              {(["read", "write"] as const).map((scope) => (
                <div key={scope} className="flex items-center gap-2">
                  <RadioGroupItem id={`api-token-scope-${scope}`} value={scope} />
                  <Label htmlFor={`api-token-scope-${scope}`}>{SCOPE_LABELS[scope]}</Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <FormField id="api-token-expiry" label="Expires">
        <NativeSelect id="api-token-expiry" {...form.register("expiry")}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Creating..." : "Create token"}
        </Button>
      </div>
    </form>
  );
}
