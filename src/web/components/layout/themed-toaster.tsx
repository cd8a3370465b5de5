import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { type CSSProperties, useSyncExternalStore } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme.tsx";
import { OFFLINE_NOTICE_ROOM, useOffline } from "./offline-notice.tsx";

const icon = "size-4";

/** Below a phone's notch or status bar: index.css's --toast-room, which dialogs keep clear of, starts with it. */
const TOP_OFFSET = "calc(env(safe-area-inset-top, 0px) + 0.75rem)";

/** Where the bottom tab bar shows (bottom-tab-bar.tsx hides it from Tailwind's `md`, 48 rem, up). */
const TAB_BAR_SHOWN = "(width < 48rem)";

function useTabBarShown(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia(TAB_BAR_SHOWN);
      media.addEventListener("change", changed);
      return () => media.removeEventListener("change", changed);
    },
    () => window.matchMedia(TAB_BAR_SHOWN).matches,
    () => false,
  );
}

/**
 * The toasts' host (loaded on its own after the first paint; see providers.tsx). Every toast has one look,
 * the popover's card; its icon says the kind, and errors are marked destructive by their icon and border.
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // Wherever the bottom tab bar shows, toasts come in at the top (decision 0068): there they cover neither
  // the tabs nor a dialog's buttons (dialogs keep below --toast-room, index.css), nor hide behind the
  // on-screen keyboard. sonner's mobile offset applies only below 600 px, its offset from there up (a phone
  // held sideways, a small tablet).
  const atTop = useTabBarShown();
  // Offline, the note (offline-notice.tsx) takes the bottom: toasts go above it.
  const lift = useOffline() ? OFFLINE_NOTICE_ROOM : 0;
  return (
    <Toaster
      theme={theme}
      position={atTop ? "top-center" : "bottom-right"}
      closeButton
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      mobileOffset={{ top: TOP_OFFSET }}
      offset={
        atTop
          ? { top: TOP_OFFSET }
          : lift
            ? { bottom: `calc(${24 + lift}px + env(safe-area-inset-bottom))` }
            : undefined
      }
      icons={{
        success: <CircleCheck className={`${icon} text-primary`} />,
        info: <Info className={`${icon} text-primary`} />,
        warning: <TriangleAlert className={`${icon} text-primary`} />,
        error: <CircleAlert className={`${icon} text-destructive`} />,
      }}
      toastOptions={{
        classNames: {
          title: "font-semibold",
          description: "text-muted-foreground!",
          error: "border-destructive/60!",
          // sonner's is 20 px: below the 24 px a finger or a shaky hand can be asked to hit.
          closeButton: "size-6!",
        },
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
    />
  );
}
