import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { CSSProperties } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme.tsx";

const icon = "size-4";

/**
 * The toasts' host (loaded on its own after the first paint; see providers.tsx). Every toast has one look,
 * the popover's card; its icon says the kind, and errors are marked destructive by their icon and border.
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // On phones, toasts sit above the bottom tab bar (4 rem) instead of covering it.
  return (
    <Toaster
      theme={theme}
      closeButton
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      mobileOffset={{ bottom: 80 }}
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
