import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme.tsx";

/** The toasts' host (loaded on its own after the first paint; see providers.tsx). */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // On phones, toasts sit above the bottom tab bar (4 rem) instead of covering it.
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      mobileOffset={{ bottom: 80 }}
    />
  );
}
