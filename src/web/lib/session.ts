import { useQuery } from "@tanstack/react-query";
import { fetchSession, sessionQueryKey } from "./shell-session.ts";

export {
  fetchSession,
  hasSignOutNotice,
  type SessionInfo,
  SIGNED_OUT_FLAG,
  sessionQueryKey,
} from "./shell-session.ts";

/** The signed-in session, used by every page (features, lib); the shell uses useShellSession. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}
