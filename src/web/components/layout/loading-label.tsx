import { messages } from "../../../shared/messages.ts";

/** The pending screen's words for screen readers (loaded on demand, see pending-screen.tsx). */
export function LoadingLabel() {
  return <span className="sr-only">{messages.loading}</span>;
}
