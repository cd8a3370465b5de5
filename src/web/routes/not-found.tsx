import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { messages } from "../../shared/messages.ts";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <div className="flex flex-col items-center gap-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{messages.notFound.title}</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
