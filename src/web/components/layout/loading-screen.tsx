import { messages } from "../../../shared/messages.ts";

export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <p className="text-muted-foreground">{messages.loading}</p>
    </div>
  );
}
