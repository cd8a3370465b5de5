import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { ThemeProvider, useTheme } from "@/lib/theme.tsx";

function ThemedToaster() {
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

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {children}
          <ThemedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
