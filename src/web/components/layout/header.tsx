import { SunMoon, UserRound } from "lucide-react";
import { lazy, useState } from "react";
import { NavLink } from "react-router";
import { buttonVariants } from "@/components/ui/button-variants.ts";
import type { SessionInfo } from "@/lib/shell-session.ts";
import { SIGN_UP_PATH } from "../../../shared/domain/routes.ts";
import { Logo } from "./logo.tsx";
import { OptionalChunk } from "./optional-chunk.tsx";

// The menus (Radix dropdown, floating-ui) are a chunk of their own, kept out of the landing page's first
// load: the signed-out theme button loads its menu when pressed; the user menu loads with a session.
const loadMenus = () => import("./user-menu.tsx");
const UserMenu = lazy(async () => {
  // Signing out uses the query client: the menu comes with its provider.
  const [menus, { QueryProvider }] = await Promise.all([loadMenus(), import("@/lib/query.tsx")]);
  return {
    default: ({ user, defaultOpen }: { user: SessionInfo["user"]; defaultOpen: boolean }) => (
      <QueryProvider>
        <menus.UserMenu user={user} defaultOpen={defaultOpen} />
      </QueryProvider>
    ),
  };
});
const ThemeMenu = lazy(async () => ({ default: (await loadMenus()).ThemeMenu }));

/** The user menu's button; before the session has loaded (`user` null) it is the button alone. */
function UserMenuButton({ user }: { user: SessionInfo["user"] | null }) {
  // Pressed before its chunk arrived: the menu opens as soon as it has loaded.
  const [pressed, setPressed] = useState(false);
  const placeholder = (
    <button
      type="button"
      data-slot="button"
      className={buttonVariants({ variant: "outline", size: "icon" }).replace("rounded-md", "rounded-full")}
      aria-label="User menu"
      aria-haspopup="menu"
      onClick={() => setPressed(true)}
    >
      <UserRound />
    </button>
  );
  if (!user) return placeholder;
  return (
    <OptionalChunk fallback={placeholder}>
      <UserMenu user={user} defaultOpen={pressed} />
    </OptionalChunk>
  );
}

function ThemeMenuButton() {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      data-slot="button"
      className={buttonVariants({ variant: "ghost", size: "icon" })}
      aria-label="Theme"
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenus().catch(() => {})}
      onFocus={() => void loadMenus().catch(() => {})}
      onClick={() => setWanted(true)}
    >
      <SunMoon />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <OptionalChunk fallback={placeholder}>
      <ThemeMenu defaultOpen />
    </OptionalChunk>
  );
}

const signedInLinks = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/bicycles", label: "Bicycles" },
  { to: "/parts-bin", label: "Parts Bin" },
  { to: "/rides", label: "Rides" },
];

const signedOutLinks = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/pricing", label: "Pricing" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
];

/** The site's header; signed in with `user` still null while the session loads (the signed-in frame). */
export function Header({ signedIn, user }: { signedIn: boolean; user: SessionInfo["user"] | null }) {
  const links = signedIn ? signedInLinks : signedOutLinks;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-6 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none ${
                  isActive ? "text-foreground" : "text-muted-foreground"
                }`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <UserMenuButton user={user} />
          ) : (
            <>
              <ThemeMenuButton />
              <NavLink
                to="/auth"
                data-slot="button"
                className={buttonVariants({ variant: "ghost", size: "sm" }).replace(
                  /^inline-flex /,
                  "hidden sm:inline-flex ",
                )}
              >
                Sign In
              </NavLink>
              <NavLink to={SIGN_UP_PATH} data-slot="button" className={buttonVariants({ size: "sm" })}>
                Sign Up
              </NavLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
