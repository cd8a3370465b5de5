import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "@/components/layout/loading-screen.tsx";
import { announceSignOut, useSession } from "@/features/auth/api.ts";
import { AUTH_REDIRECT_PATHS, isKnownPath, isPublicPath } from "../../shared/domain/routes.ts";

/** Routing by session (SPEC.md sections 2 and 4), decided once the session is known. */
export function RootRoute() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();

  useEffect(announceSignOut, []);

  if (session.isPending) return <LoadingScreen />;
  const signedIn = !!session.data;

  if (signedIn && pathname === "/" && !search && !hash) return <Navigate to="/dashboard" replace />;
  if (!signedIn && (AUTH_REDIRECT_PATHS as readonly string[]).includes(pathname))
    return <Navigate to="/auth" replace />;
  if (!signedIn && isKnownPath(pathname) && !isPublicPath(pathname)) return <Navigate to="/" replace />;
  return <Outlet />;
}
