/** The card styles without tailwind-merge, for the pages' shell (see button-variants.ts). */
export const cardClasses = {
  card: "flex flex-col gap-4 rounded-xl border bg-card py-5 text-card-foreground shadow-sm",
  header: "flex flex-col gap-1.5 px-5",
  title: "leading-none font-semibold",
  description: "text-sm text-muted-foreground",
  content: "px-5",
  footer: "flex items-center px-5",
};
