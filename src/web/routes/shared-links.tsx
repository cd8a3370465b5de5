import { ExternalLink, Share2, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { CopyButton } from "@/components/copy-button.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { ListSkeleton } from "@/components/skeletons.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { shareUrl, useDeleteSharedLink, useSharedLinks } from "@/features/shares/api.ts";
import { showError } from "@/lib/error-handler.ts";
import { removingItem } from "@/lib/focus.ts";
import { toast } from "@/lib/toaster.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatDate } from "../../shared/format.ts";
import { messages } from "../../shared/messages.ts";
import type { SharedLink } from "../../shared/schemas/share.ts";

const m = messages.shares;

export function SharedLinksPage() {
  usePageTitle("Shared Links");
  const links = useSharedLinks();
  const remove = useDeleteSharedLink();
  const [deleting, setDeleting] = useState<SharedLink | null>(null);
  // The confirmation gives the keyboard back to the Delete button, or once its link is gone to the next
  // link's, and after the last one to the page's heading.
  const deleteReturn = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <PageHeader
        titleRef={heading}
        title="Shared Links"
        description="Read-only links to your bicycles. Delete a link to stop sharing it."
      />
      {links.isPending ? (
        <ListSkeleton label="Loading shared links..." />
      ) : links.isError ? (
        <LoadFailed title={m.loadFailed} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
          <p className="text-muted-foreground">{m.empty}</p>
          <Button asChild>
            <Link to="/bicycles">
              <Share2 aria-hidden="true" /> Share a Bicycle
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shared links">
          {links.data.map((link) => (
            <li key={link.id}>
              <Card className="h-full">
                <CardHeader className="flex flex-row items-start justify-between gap-2">
                  <CardTitle className="wrap-anywhere">{link.bicycleName}</CardTitle>
                  <Badge variant="secondary">
                    {link.componentCount} {link.componentCount === 1 ? "component" : "components"}
                  </Badge>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  {link.notes ? <p className="whitespace-pre-line wrap-anywhere">{link.notes}</p> : null}
                  <p className="text-muted-foreground">Shared {formatDate(link.createdAt)}</p>
                </CardContent>
                <CardFooter className="mt-auto flex flex-wrap gap-2">
                  <CopyButton
                    text={shareUrl(link.token)}
                    label="Copy Link"
                    done={m.copied}
                    name={`Copy Link to ${named(link)}`}
                  />
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/shared/${link.token}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`View ${named(link)}`}
                    >
                      <ExternalLink aria-hidden="true" /> View
                    </a>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    aria-label={`Delete link to ${named(link)}`}
                    onClick={(event) => {
                      deleteReturn.current = event.currentTarget;
                      setDeleting(link);
                    }}
                  >
                    <Trash2 aria-hidden="true" /> Delete
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this shared link?"
        description={m.deleteWarning}
        confirmLabel="Delete Link"
        pendingLabel="Deleting..."
        returnFocusTo={deleteReturn}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await removingItem(deleteReturn, heading.current, () => remove.mutateAsync(deleting.id));
          } catch (error) {
            showError(error, { fallback: m.deleteFailed });
            throw error;
          }
          toast.success(m.deleted);
        }}
      />
    </>
  );
}

/** A link as its buttons name it (one bicycle may be shared several times): "Road, shared Dec 3, 2026". */
const named = (link: SharedLink) => `${link.bicycleName}, shared ${formatDate(link.createdAt)}`;
