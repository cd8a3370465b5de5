import { BookOpen } from "lucide-react";
import { buttonVariants } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";

/** Account Settings: where scripts and other tools learn the API this app uses. */
export function ApiCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API</CardTitle>
        <CardDescription>
          Scripts and other tools can use the same API as this app: your bicycles, components and service
          history.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/api/docs" className={buttonVariants({ variant: "outline" })}>
          <BookOpen aria-hidden="true" /> API reference
        </a>
      </CardContent>
    </Card>
  );
}
