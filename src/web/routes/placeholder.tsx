import { PageHeader } from "@/components/page-header.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";

/** A screen that a later piece of work fills in; it names itself so links never lead nowhere. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        This page is coming soon.
      </p>
    </>
  );
}
