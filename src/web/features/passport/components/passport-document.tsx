import type { ReactNode } from "react";
import { BicycleImage } from "@/features/bicycles/components/bicycle-card.tsx";
import { formatWear } from "../../../../shared/domain/distance.ts";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import type { Passport } from "../../../../shared/schemas/passport.ts";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{label}:</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3 break-inside-avoid-page">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const th = "px-2 py-2 text-left font-medium first:pl-0 last:pr-0";
const td = "px-2 py-2 align-top first:pl-0 last:pr-0";

/** The passport itself: what is printed, and what the PDF shows too. */
export function PassportDocument({
  passport,
  includeCosts,
  qr,
}: {
  passport: Passport;
  includeCosts: boolean;
  qr: ReactNode;
}) {
  const { bicycle, components, services, totals, distanceUnit } = passport;
  const entries = `${totals.entries} ${totals.entries === 1 ? "entry" : "entries"}`;
  return (
    <article
      aria-label="Service passport"
      className="grid gap-8 rounded-xl border bg-card p-4 text-card-foreground sm:p-8 print:border-0 print:p-0"
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-3">
          <p className="text-xs font-medium tracking-widest text-muted-foreground uppercase">
            Service passport
          </p>
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{bicycle.name}</h1>
          <dl className="grid gap-1 text-sm">
            <Fact label="Serial number">{bicycle.serialNumber ?? "Not recorded"}</Fact>
            <Fact label="Purchase date">
              {bicycle.purchaseDate ? formatDate(bicycle.purchaseDate) : "Not recorded"}
            </Fact>
            <Fact label="Ridden">
              {formatWear(
                { distance: bicycle.distanceKm, movingSeconds: bicycle.movingSeconds },
                distanceUnit,
              )}
            </Fact>
            <Fact label="Service entries">{totals.entries}</Fact>
            {includeCosts ? <Fact label="Total service cost">{formatCost(totals.totalCost)}</Fact> : null}
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap items-start gap-4">
          {bicycle.imageUrl ? (
            <div className="aspect-[4/3] w-36 overflow-hidden rounded-lg border sm:w-48">
              <BicycleImage bicycle={bicycle} />
            </div>
          ) : null}
          {qr}
        </div>
      </header>

      <Section title="Components">
        {components.length === 0 ? (
          <p className="text-sm text-muted-foreground">No components recorded.</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  Component
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Type
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Brand
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Distance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {components.map((c) => (
                <tr key={c.id} className="break-inside-avoid">
                  <td className={`${td} wrap-anywhere`}>
                    <span className="font-medium">{c.name}</span>
                    <span className="block text-xs text-muted-foreground sm:hidden print:hidden">
                      {[c.type, c.brand].filter(Boolean).join(" · ")}
                    </span>
                  </td>
                  <td className={`${td} hidden wrap-anywhere sm:table-cell print:table-cell`}>{c.type}</td>
                  <td className={`${td} hidden wrap-anywhere sm:table-cell print:table-cell`}>{c.brand}</td>
                  <td className={`${td} text-right whitespace-nowrap`}>{formatWear(c, distanceUnit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Service history">
        {services.length === 0 ? (
          <p className="text-sm text-muted-foreground">No services recorded.</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Component
                </th>
                <th scope="col" className={th}>
                  Description
                </th>
                {includeCosts ? (
                  <th scope="col" className={`${th} text-right`}>
                    Cost
                  </th>
                ) : null}
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Receipt
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {services.map((s) => (
                <tr key={s.id} className="break-inside-avoid">
                  <td className={`${td} whitespace-nowrap`}>{formatDate(s.date)}</td>
                  <td className={`${td} hidden wrap-anywhere sm:table-cell print:table-cell`}>
                    {s.componentName}
                  </td>
                  <td className={`${td} wrap-anywhere`}>
                    {s.description}
                    <span className="block text-xs text-muted-foreground sm:hidden print:hidden">
                      {s.hasReceipt ? `${s.componentName} · Receipt on file` : s.componentName}
                    </span>
                  </td>
                  {includeCosts ? (
                    <td className={`${td} text-right whitespace-nowrap`}>{formatCost(s.cost)}</td>
                  ) : null}
                  <td className={`${td} hidden sm:table-cell print:table-cell`}>
                    {s.hasReceipt ? "On file" : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {services.length > 0 ? (
          <p className="border-t pt-2 text-sm font-semibold">
            {includeCosts ? `${entries}, ${formatCost(totals.totalCost)} in all` : entries}
          </p>
        ) : null}
      </Section>
    </article>
  );
}
