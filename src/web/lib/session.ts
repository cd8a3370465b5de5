import { useQuery } from "@tanstack/react-query";
import { fetchSession, sessionQueryKey } from "./shell-session.ts";

export {
  fetchSession,
  hasNoticeAfterReload,
  NOTICE_AFTER_RELOAD,
  type SessionInfo,
  sessionQueryKey,
} from "./shell-session.ts";

/** The signed-in session, used by every page (features, lib); the shell uses useShellSession. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}
