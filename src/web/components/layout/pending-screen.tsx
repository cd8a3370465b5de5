import { lazy, Suspense } from "react";

// The loading screen's text lives in shared/messages.ts, which is not part of the prerendered pages'
// first load (they never wait for anything): the screen loads when something first waits.
const LoadingScreen = lazy(async () => ({ default: (await import("./loading-screen.tsx")).LoadingScreen }));

/** What the shell shows while the session or a page's chunk loads (the loading screen). */
export function PendingScreen() {
  return (
    <Suspense fallback={<div className="min-h-dvh" />}>
      <LoadingScreen />
    </Suspense>
  );
}
