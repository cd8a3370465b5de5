import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";

/** A page of reading matter: about, FAQ, policies. */
export function ProsePage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} description={description} />
      <div className="grid gap-6 leading-7 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-foreground/90 [&_ul]:grid [&_ul]:gap-1">
        {children}
      </div>
    </article>
  );
}
