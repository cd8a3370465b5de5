import { Trash2 } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { describeRule } from "@/features/intervals/components/interval-status.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import { COMPONENT_TYPES } from "../../../../shared/domain/component-types.ts";
import { defaultIntervalsFor } from "../../../../shared/domain/service-intervals.ts";
import { trimText } from "../../../../shared/domain/text.ts";
import type { ImportPreview } from "../../../../shared/schemas/import.ts";

/**
 * The found components, each editable inline (name, type, brand) or removable, before importing; with
 * `showIntervals`, each lists the service intervals it will get.
 */
export function ReviewTable({
  rows,
  onChange,
  showIntervals = false,
}: {
  rows: ImportPreview[];
  onChange: (rows: ImportPreview[]) => void;
  showIntervals?: boolean;
}) {
  const unit = useDistanceUnit();
  const update = (id: string, patch: Partial<ImportPreview>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        No components left to import.
      </p>
    );
  }
  // A table where its card is 768 px wide or more (a container query: on the parts bin the card shares the
  // row with another from 1024 px); narrower, each row is a card (name and Remove, then type and brand).
  return (
    // Positioned, so the table's visually hidden labels (absolute) stay inside it instead of widening the page.
    <div className="@container relative">
      <table className="block w-full text-sm @3xl:table">
        <caption className="sr-only">Components found, to review before importing</caption>
        <thead className="sr-only @3xl:not-sr-only @3xl:table-header-group">
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-2 font-medium">
              Component
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Brand
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 @3xl:table-row-group">
          {rows.map((row, index) => (
            <tr
              key={row.id}
              className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] gap-2 rounded-lg border p-3 align-top @3xl:table-row @3xl:rounded-none @3xl:border-0 @3xl:border-b @3xl:p-0 @3xl:last:border-0"
              data-testid="import-row"
            >
              <td className="col-span-2 min-w-0 @3xl:table-cell @3xl:min-w-56 @3xl:py-2 @3xl:pr-2">
                {row.label ? (
                  <span className="mb-1 block text-xs text-muted-foreground">{row.label}</span>
                ) : null}
                <NameField
                  aria-label={`Name of component ${index + 1}`}
                  value={row.name}
                  aria-invalid={!trimText(row.name)}
                  onChange={(name) => update(row.id, { name })}
                />
                {showIntervals ? <SuggestedLine row={row} unit={unit} /> : null}
              </td>
              <td className="col-start-1 row-start-2 min-w-0 @3xl:table-cell @3xl:min-w-36 @3xl:py-2 @3xl:pr-2">
                <NativeSelect
                  aria-label={`Type of component ${index + 1}`}
                  value={row.type}
                  onChange={(event) => update(row.id, { type: event.target.value as ImportPreview["type"] })}
                >
                  {COMPONENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </NativeSelect>
              </td>
              <td className="col-span-2 col-start-2 row-start-2 min-w-0 @3xl:table-cell @3xl:min-w-32 @3xl:py-2 @3xl:pr-2">
                <Input
                  aria-label={`Brand of component ${index + 1}`}
                  maxLength={100}
                  value={row.brand ?? ""}
                  onChange={(event) => update(row.id, { brand: event.target.value || null })}
                />
              </td>
              <td className="col-start-3 row-start-1 self-end @3xl:table-cell @3xl:py-2">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${row.name || `component ${index + 1}`}`}
                  onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                >
                  <Trash2 />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A part's name, whole however long (spec sheets have names of 150 characters and more): a text area as tall
 * as its text, one line high like the other fields when the name fits. It takes no line breaks, as a name has
 * none: Enter adds nothing, and a pasted break becomes a space. Its height is set from its content (not CSS's
 * field-sizing, which older Safari lacks), again when its width changes (a phone turned).
 */
function NameField({
  value,
  onChange,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  "aria-label": string;
  "aria-invalid": boolean;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    if (field.current) fitToText(field.current);
  }, [value]);
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    let width = element.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (element.offsetWidth === width) return;
      width = element.offsetWidth;
      fitToText(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Textarea
      ref={field}
      rows={1}
      maxLength={200}
      value={value}
      // The one-line height and text position of an Input (h-9, 44 px on a touch screen).
      className="min-h-9 resize-none overflow-hidden py-[5px] md:py-[7px] pointer-coarse:min-h-11 pointer-coarse:py-[9px] md:pointer-coarse:py-[11px]"
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) event.preventDefault();
      }}
      onChange={(event) => onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, " "))}
      {...props}
    />
  );
}

function fitToText(element: HTMLTextAreaElement) {
  element.style.height = "auto";
  element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
}

function SuggestedLine({ row, unit }: { row: ImportPreview; unit: ReturnType<typeof useDistanceUnit> }) {
  const intervals = defaultIntervalsFor(row.type, row.name);
  if (intervals.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-muted-foreground">
      Intervals: {intervals.map((i) => `${i.label} (${describeRule(i, unit).toLowerCase()})`).join(", ")}
    </span>
  );
}
