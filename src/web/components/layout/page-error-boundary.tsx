import { Component, type ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants.ts";
import { retryFailedPages } from "@/lib/lazy-page.tsx";
import { shellMessages as m } from "../../../shared/shell-messages.ts";

/**
 * What shows instead of a page that could not be drawn, most often because its chunk did not load (the
 * connection dropped, or a new version was deployed and the old chunks are gone): a way to reload, inside
 * the site's frame. A new address (`resetKey`) tries again.
 */
export class PageErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) {
      retryFailedPages();
      this.setState({ failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{m.pageFailedTitle}</h1>
        <p className="text-muted-foreground">{m.pageFailed}</p>
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          {m.reload}
        </button>
      </div>
    );
  }
}
