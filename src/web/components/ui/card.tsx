import type * as React from "react";
import { cn } from "@/lib/utils.ts";
import { cardClasses } from "./card-classes.ts";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card" className={cn(cardClasses.card, className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn(cardClasses.header, className)} {...props} />;
}

/** A card's heading: h3 under a page's sections, `as="h2"` for a card that is itself a page's section. */
export function CardTitle({
  className,
  as: Heading = "h3",
  ...props
}: React.ComponentProps<"h3"> & { as?: "h2" | "h3" }) {
  return <Heading data-slot="card-title" className={cn(cardClasses.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn(cardClasses.description, className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn(cardClasses.content, className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn(cardClasses.footer, className)} {...props} />;
}
