import { cva } from "class-variance-authority";

/**
 * The button styles without tailwind-merge, for the pages' shell (kept small for the first load): use
 * them where no className has to override a variant's classes; Button merges overrides.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background aria-invalid:ring-destructive/40",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
        destructive:
          "bg-destructive-solid text-destructive-foreground shadow-xs hover:bg-destructive-solid/90",
        outline:
          "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:border-input dark:hover:bg-input/50",
        // A destructive action that is not the page's main one: it asks in a dialog whose confirm is filled.
        destructiveOutline:
          "border border-destructive/50 bg-background text-destructive shadow-xs hover:bg-destructive/10 dark:bg-input/30 dark:hover:bg-destructive/15",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      // On a touch screen every size is at least 44 px each way (Apple's and WCAG 2.5.5's target size).
      size: {
        default: "h-9 gap-2 px-4 py-2 has-[>svg]:px-3 pointer-coarse:h-11",
        sm: "h-8 gap-1.5 px-3 has-[>svg]:px-2.5 pointer-coarse:h-11",
        lg: "h-10 gap-2 px-6 has-[>svg]:px-4 pointer-coarse:h-11",
        icon: "size-9 gap-2 pointer-coarse:size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
