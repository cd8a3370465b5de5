import { Component, type ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants.ts";
import { retryFailedPages } from "@/lib/lazy-page.tsx";

/**
 * What shows instead of a page that could not be drawn, most often because its chunk did not load (the
 * connection dropped, or a new version was deployed and the old chunks are gone): a way to reload, inside
 * the site's frame. A new address (`resetKey`) tries again. The words are here, not in shared/messages.ts,
 * so that the app's first load stays small (the prerendered pages never import the messages).
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
        <h1 className="text-2xl font-semibold">This page could not be loaded</h1>
        <p className="text-muted-foreground">
          Check your connection and reload. If Velolog was just updated, reloading brings the new version.
        </p>
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
