import { QrCode as QrCodeIcon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { QrCode } from "@/components/qr-code.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useShareBicycle } from "@/features/shares/api.ts";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Passport } from "../../../../shared/schemas/passport.ts";

/**
 * The QR code of the bicycle's share link; without a link, an offer to make one, which asks first (a
 * share link is public to anyone holding it). A passport without costs takes only a link without them.
 */
export function PassportQr({
  bicycleId,
  passport,
  includeCosts,
  onCreated,
}: {
  bicycleId: string;
  passport: Pick<Passport, "shareUrl" | "shareUrlWithoutCosts">;
  includeCosts: boolean;
  onCreated: () => Promise<unknown>;
}) {
  const share = useShareBicycle(bicycleId);
  const [asking, setAsking] = useState(false);
  const shareUrl = includeCosts ? passport.shareUrl : passport.shareUrlWithoutCosts;
  if (shareUrl) {
    return (
      <figure className="grid justify-items-center gap-1 text-center">
        <QrCode
          value={shareUrl}
          label="QR code of the bicycle's share link"
          className="size-32 print:size-28"
        />
        <figcaption className="text-xs text-muted-foreground">Scan for the shared page</figcaption>
      </figure>
    );
  }
  return (
    <div className="grid max-w-56 justify-items-start gap-2 rounded-lg border border-dashed p-3 text-sm print:hidden">
      <p className="text-muted-foreground">
        {passport.shareUrl ? messages.passport.onlyLinksWithCosts : messages.passport.noShareLink}
      </p>
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        <QrCodeIcon aria-hidden="true" /> Add a QR code
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        destructive={false}
        title="Create a share link for the QR code?"
        description={
          includeCosts
            ? "Anyone with the link can see this bicycle, its components and service history with costs. You can delete the link at any time under Shared links."
            : "Anyone with the link can see this bicycle, its components and service history, without costs. You can delete the link at any time under Shared links."
        }
        confirmLabel="Create share link"
        pendingLabel="Creating..."
        onConfirm={async () => {
          try {
            await share.mutateAsync({ notes: null, includeCosts, includeSerialNumber: false });
            await onCreated();
          } catch (error) {
            showError(error, { fallback: messages.shares.shareFailed });
            throw error;
          }
          toast.success("Share link created");
        }}
      />
    </div>
  );
}
