import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PendingScreen } from "@/components/layout/pending-screen.tsx";
import { hasNoticeAfterReload, useShellSession } from "@/lib/shell-session.ts";
import { AUTH_REDIRECT_PATHS, isKnownPath, isPublicPath, signInPath } from "../../shared/domain/routes.ts";

/** Routing by session (SPEC.md sections 2 and 4), decided once the session is known. */
export function RootRoute() {
  const session = useShellSession();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    // The toast library and the sign-out code load only when there is something to announce.
    if (!hasNoticeAfterReload()) return;
    void import("@/features/auth/api.ts").then((auth) => auth.announceNoticeAfterReload());
  }, []);

  // A signed-in page's first load came with the signed-in frame: the main layout draws it while pending.
  if (session.isPending) return session.signedInFrame ? <Outlet /> : <PendingScreen framed />;
  const signedIn = !!session.data;

  if (signedIn && pathname === "/" && !search && !hash) return <Navigate to="/dashboard" replace />;
  if (!signedIn && (AUTH_REDIRECT_PATHS as readonly string[]).includes(pathname))
    return <Navigate to={signInPath(pathname + search + hash)} replace />;
  if (!signedIn && isKnownPath(pathname) && !isPublicPath(pathname)) return <Navigate to="/" replace />;
  return <Outlet />;
}
