import { NavLink } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import type { SessionInfo } from "@/features/auth/api.ts";
import { cn } from "@/lib/utils.ts";
import { Logo } from "./logo.tsx";
import { ThemeMenu, UserMenu } from "./user-menu.tsx";

const signedInLinks = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/bicycles", label: "Bicycles" },
  { to: "/parts-bin", label: "Parts Bin" },
];

const signedOutLinks = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/pricing", label: "Pricing" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
];

export function Header({ user }: { user: SessionInfo["user"] | null }) {
  const links = user ? signedInLinks : signedOutLinks;
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
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none",
                  isActive && "text-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <ThemeMenu />
              <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
                <NavLink to="/auth">Sign In</NavLink>
              </Button>
              <Button asChild size="sm">
                <NavLink to="/auth">Sign Up</NavLink>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
