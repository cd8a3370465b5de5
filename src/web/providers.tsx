import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { ThemeProvider } from "@/lib/theme.tsx";
import { onToasterWanted } from "@/lib/toaster.ts";

// The toaster (sonner) is a chunk of its own, kept out of the first load of the prerendered pages.
const loadToaster = () => import("@/components/layout/themed-toaster.tsx");

/**
 * Mounts the toaster: on a prerendered public page at the visitor's first interaction (or when a toast
 * is wanted before one: lib/toaster.ts), otherwise once the browser is idle. Toasts raised
 * before it mounts are shown when it does (sonner replays them). A chunk that did not arrive (the
 * connection dropped, or a new version replaced it) leaves the page as it is, and is asked for again when
 * the connection is back; a failed React.lazy here would have emptied the whole page, for good.
 */
function DeferredToaster({ untilInteraction }: { untilInteraction: boolean }) {
  const [ready, setReady] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const events = ["pointerdown", "keydown"];
    for (const event of events) window.addEventListener(event, show, { once: true, capture: true });
    const unsubscribe = onToasterWanted(show);
    const idle = untilInteraction ? undefined : setTimeout(show, 200);
    return () => {
      for (const event of events) window.removeEventListener(event, show, { capture: true });
      unsubscribe();
      clearTimeout(idle);
    };
  }, [ready, untilInteraction]);
  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    const load = () =>
      void loadToaster().then(
        (module) => {
          if (!stopped) setToaster(() => module.default);
        },
        () => {
          if (!stopped) window.addEventListener("online", load, { once: true });
        },
      );
    load();
    return () => {
      stopped = true;
      window.removeEventListener("online", load);
    };
  }, [ready]);
  return Toaster ? <Toaster /> : null;
}

export function Providers({
  prerendered = false,
  children,
}: {
  /** True when the page came prerendered (its first load stays small); false in the app's shell. */
  prerendered?: boolean;
  children: ReactNode;
}) {
  return (
    <ThemeProvider>
      {children}
      <DeferredToaster untilInteraction={prerendered} />
    </ThemeProvider>
  );
}
