import { Bike } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge.tsx";
import { Card } from "@/components/ui/card.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import { formatWear } from "../../../../shared/domain/distance.ts";
import { formatMonthYear, formatPrice } from "../../../../shared/format.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";

export function BicycleImage({
  bicycle,
  className,
}: {
  bicycle: Pick<Bicycle, "imageUrl" | "name">;
  className?: string;
}) {
  if (bicycle.imageUrl) {
    return (
      <img
        src={bicycle.imageUrl}
        alt={bicycle.name}
        className={`h-full w-full object-cover ${className ?? ""}`}
      />
    );
  }
  return (
    <div
      className={`flex h-full w-full items-center justify-center bg-muted text-muted-foreground ${className ?? ""}`}
    >
      <Bike className="size-12" aria-hidden="true" />
    </div>
  );
}

/** `heading`: h2 where the cards are the page's sections (My Bicycles), h3 under a section's heading. */
export function BicycleCard({
  bicycle,
  href,
  heading: Heading = "h3",
}: {
  bicycle: Bicycle;
  href: string;
  heading?: "h2" | "h3";
}) {
  const count = bicycle.componentCount;
  const unit = useDistanceUnit();
  return (
    <Card className="gap-0 overflow-hidden py-0 transition-shadow focus-within:ring-[3px] focus-within:ring-ring/60 hover:shadow-md">
      <Link to={href} className="flex h-full flex-col focus-visible:outline-none">
        <div className="aspect-[16/9]">
          <BicycleImage bicycle={bicycle} />
        </div>
        <div className="grid flex-1 gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <Heading className="font-semibold wrap-anywhere">{bicycle.name}</Heading>
            {bicycle.purchaseCondition ? (
              <Badge variant={bicycle.purchaseCondition === "new" ? "default" : "secondary"}>
                {bicycle.purchaseCondition === "new" ? "New" : "Used"}
              </Badge>
            ) : null}
          </div>
          <p className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {bicycle.description || "No description"}
          </p>
          <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
            {bicycle.purchaseDate ? (
              <div>
                <dt className="sr-only">Purchased</dt>
                <dd>{formatMonthYear(bicycle.purchaseDate)}</dd>
              </div>
            ) : null}
            {bicycle.price !== null ? (
              <div>
                <dt className="sr-only">Price</dt>
                <dd>{formatPrice(bicycle.price)}</dd>
              </div>
            ) : null}
            <div>
              <dt className="sr-only">Components</dt>
              <dd>
                {count} {count === 1 ? "component" : "components"}
              </dd>
            </div>
            {bicycle.distanceKm > 0 ? (
              <div>
                <dt className="sr-only">Ridden</dt>
                <dd>
                  {formatWear({ distance: bicycle.distanceKm, movingSeconds: bicycle.movingSeconds }, unit)}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </Link>
    </Card>
  );
}
