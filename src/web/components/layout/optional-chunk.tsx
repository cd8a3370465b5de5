import { Component, type ReactNode, Suspense } from "react";

/**
 * A lazily loaded piece of the site's frame (a menu, a badge, a label), shown as `fallback` while its chunk
 * loads and for good if it never arrives (the connection dropped, or a new version replaced it): the page
 * around it stays, where an error would have replaced the whole page with "This page could not be loaded".
 */
export function OptionalChunk({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Fallback fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Fallback>
  );
}

class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
