import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { authClient } from "@/lib/auth-client.ts";

/** Deleting the account removes all its data; the password confirms it. */
export function DeleteAccountCard() {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const id = useId();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your account with every bicycle, component, service entry and share link. This cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          onOpenChange={() => {
            setPassword("");
            setError(null);
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">Delete my account</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Everything you have recorded will be deleted for good. Enter your password to confirm.
              </DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              onSubmit={async (event) => {
                event.preventDefault();
                setPending(true);
                setError(null);
                const { error: failure } = await authClient.deleteUser({ password });
                setPending(false);
                if (failure) {
                  setError(
                    failure.status === 400
                      ? "The password is not right."
                      : failure.message || "The account could not be deleted.",
                  );
                  return;
                }
                queryClient.clear();
                toast.success("Your account was deleted");
                window.location.assign("/");
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor={`${id}-password`}>Password</Label>
                <Input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  aria-invalid={!!error}
                  onChange={(event) => setPassword(event.target.value)}
                />
                {error ? (
                  <p role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
              </div>
              <DialogFooter>
                <Button type="submit" variant="destructive" disabled={!password || pending}>
                  {pending ? "Deleting..." : "Delete everything"}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
