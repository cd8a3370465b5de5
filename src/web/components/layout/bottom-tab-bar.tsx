import { Bike, Home, Info, LayoutDashboard, LogIn, PlayCircle, UserRound, Wrench } from "lucide-react";
import { NavLink } from "react-router";
import { useDueCount } from "@/features/intervals/api.ts";

const signedInTabs = [
  { to: "/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/bicycles", label: "Bicycles", Icon: Bike },
  { to: "/parts-bin", label: "Parts", Icon: Wrench },
  { to: "/account", label: "Account", Icon: UserRound },
];

const signedOutTabs = [
  { to: "/", label: "Home", Icon: Home },
  { to: "/bicycles", label: "Demo", Icon: PlayCircle },
  { to: "/about", label: "About", Icon: Info },
  { to: "/auth", label: "Sign In", Icon: LogIn },
];

/** The fixed tab bar of small screens (under 768 px). */
export function BottomTabBar({ signedIn }: { signedIn: boolean }) {
  const tabs = signedIn ? signedInTabs : signedOutTabs;
  const due = useDueCount().data ?? 0;
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
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
                {signedIn && to === "/bicycles" && due > 0 ? (
                  <span
                    aria-hidden="true"
                    className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-destructive-solid px-1 text-center text-[0.625rem] leading-4 font-semibold text-destructive-foreground"
                  >
                    {due > 99 ? "99+" : due}
                  </span>
                ) : null}
              </span>
              {label}
              {signedIn && to === "/bicycles" && due > 0 ? (
                <span className="sr-only">({due} due)</span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
