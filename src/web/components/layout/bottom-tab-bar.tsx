import { Bike, Home, Info, LayoutDashboard, LogIn, PlayCircle, Route, UserRound, Wrench } from "lucide-react";
import { lazy } from "react";
import { NavLink } from "react-router";
import { OptionalChunk } from "./optional-chunk.tsx";

// The shell loads without the query library (lib/shell-session.ts): the badge brings it, signed in only.
const DueCountBadge = lazy(async () => {
  const [{ DueCount }, { QueryProvider }] = await Promise.all([
    import("@/features/intervals/components/due-count.tsx"),
    import("@/lib/query.tsx"),
  ]);
  return {
    default: () => (
      <QueryProvider>
        <DueCount />
      </QueryProvider>
    ),
  };
});

const signedInTabs = [
  { to: "/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/bicycles", label: "Bicycles", Icon: Bike },
  { to: "/parts-bin", label: "Parts", Icon: Wrench },
  { to: "/rides", label: "Rides", Icon: Route },
  { to: "/account", label: "Account", Icon: UserRound },
];

const signedOutTabs = [
  { to: "/", label: "Home", Icon: Home },
  { to: "/bicycles", label: "Demo", Icon: PlayCircle },
  { to: "/about", label: "About", Icon: Info },
  { to: "/auth", label: "Sign In", Icon: LogIn },
];

/** The fixed tab bar of small screens (under 768 px); its tabs sit above a phone's home indicator. */
export function BottomTabBar({ signedIn }: { signedIn: boolean }) {
  const tabs = signedIn ? signedInTabs : signedOutTabs;
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className={`grid ${signedIn ? "grid-cols-5" : "grid-cols-4"}`}>
        {tabs.map(({ to, label, Icon }) => (
          <li key={label}>
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                `flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:bg-accent focus-visible:outline-none ${
                  isActive ? "text-primary" : "text-muted-foreground"
                }`
              }
            >
              <span className="relative">
                <Icon className="size-5" aria-hidden="true" />
                {signedIn && to === "/bicycles" ? (
                  <OptionalChunk fallback={null}>
                    <DueCountBadge />
                  </OptionalChunk>
                ) : null}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
