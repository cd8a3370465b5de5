import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { badgeVariants } from "./badge-variants.ts";
import { buttonVariants } from "./button-variants.ts";
import { cardClasses } from "./card-classes.ts";

// The prerendered pages' shell uses these class strings without tailwind-merge (it stays out of the first
// load): they must be what cn() would make of them, i.e. free of conflicting classes.
describe("the shell's class strings need no merging", () => {
  it("buttons, every variant and size", () => {
    for (const variant of [
      "default",
      "destructive",
      "destructiveOutline",
      "outline",
      "secondary",
      "ghost",
      "link",
    ] as const)
      for (const size of ["default", "sm", "lg", "icon"] as const) {
        const classes = buttonVariants({ variant, size });
        expect(twMerge(classes), `${variant} ${size}`).toBe(classes);
      }
  });

  it("badges and cards", () => {
    for (const variant of ["default", "secondary", "destructive", "outline"] as const)
      expect(twMerge(badgeVariants({ variant }))).toBe(badgeVariants({ variant }));
    for (const classes of Object.values(cardClasses)) expect(twMerge(classes)).toBe(classes);
  });
});
