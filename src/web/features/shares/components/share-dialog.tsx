import { Share2 } from "lucide-react";
import { useId, useState } from "react";
import { CopyButton } from "@/components/copy-button.tsx";
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
import { hintClasses } from "@/components/ui/hint-classes.ts";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { showError } from "@/lib/error-handler.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { messages } from "../../../../shared/messages.ts";
import { shareUrl, useShareBicycle } from "../api.ts";

function Option({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-[var(--primary)] pointer-coarse:mt-0 pointer-coarse:size-5"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className={hintClasses}>{hint}</p>
      </div>
    </div>
  );
}

/**
 * Share: the form step (notes, include costs, include serial number), then the result step with the link.
 * Closing resets it.
 */
export function ShareDialog({ bicycleId, bicycleName }: { bicycleId: string; bicycleName: string }) {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState("");
  const [includeCosts, setIncludeCosts] = useState(true);
  const [includeSerialNumber, setIncludeSerialNumber] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const share = useShareBicycle(bicycleId);
  const oneAtATime = useOneAtATime();
  const ids = useId();

  const reset = () => {
    setNotes("");
    setIncludeCosts(true);
    setIncludeSerialNumber(false);
    setUrl(null);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" /> Share
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share {bicycleName}</DialogTitle>
          <DialogDescription>
            {url
              ? "Anyone with this link can see the bicycle as it is now, read-only."
              : "Creates a read-only link to a copy of this bicycle, its components and its service history as they are now."}
          </DialogDescription>
        </DialogHeader>
        {url ? (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-url`}>Share link</Label>
              <div className="flex gap-2">
                <Input
                  id={`${ids}-url`}
                  readOnly
                  value={url}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton text={url} label="Copy" done={messages.shares.copied} size="default" />
              </div>
            </div>
            <DialogFooter>
              <Button
                onClick={() => {
                  setOpen(false);
                  reset();
                }}
              >
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              // A second press before the button re-renders disabled creates no second link.
              void oneAtATime(async () => {
                try {
                  const link = await share.mutateAsync({
                    notes: notes.trim() || null,
                    includeCosts,
                    includeSerialNumber,
                  });
                  setUrl(shareUrl(link.token));
                } catch (error) {
                  showError(error, { fallback: messages.shares.shareFailed });
                }
              });
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-notes`}>Notes (optional)</Label>
              <Textarea
                id={`${ids}-notes`}
                rows={3}
                maxLength={2000}
                placeholder="e.g. For sale: serviced in May, ask me anything."
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            </div>
            <Option
              label="Include service costs"
              hint="Untick to leave what you paid out (the price and the service costs), e.g. when selling the bike."
              checked={includeCosts}
              onChange={setIncludeCosts}
            />
            <Option
              label="Include serial number"
              hint="Tick to show the frame's serial number, e.g. so a buyer can check it."
              checked={includeSerialNumber}
              onChange={setIncludeSerialNumber}
            />
            <DialogFooter>
              <Button type="submit" disabled={share.isPending}>
                {share.isPending ? "Creating link..." : "Create Link"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
