import { Link2, LogOut, Route, Settings, SunMoon, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu.tsx";
import { displayName, type SessionInfo, useSignOut } from "@/features/auth/api.ts";
import { ThemeItems } from "./theme-items.tsx";

export function UserMenu({
  user,
  defaultOpen = false,
}: {
  user: SessionInfo["user"];
  defaultOpen?: boolean;
}) {
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" className="rounded-full" aria-label="User menu">
          <UserRound />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="wrap-anywhere">{displayName(user)}</span>
          {user.name.trim() ? (
            <span className="text-xs font-normal wrap-anywhere text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden="true" /> Account Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/rides">
            <Route aria-hidden="true" /> Rides
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/shared-links">
            <Link2 aria-hidden="true" /> Shared Links
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Theme</DropdownMenuLabel>
        <ThemeItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The theme choice of signed-out visitors; `defaultOpen` when it loads because the button was pressed. */
export function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Theme">
          <SunMoon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <ThemeItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
