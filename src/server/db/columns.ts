/**
 * A value to write, converted for its column (a number to a numeric's text, an ISO instant to a Date); null
 * and undefined pass as they are, and only when the value can be one of them. Undefined is a field a change
 * (PUT) left out, which Drizzle's `.set()` skips (decision 0057).
 */
export function converted<Value, Column>(
  value: Value,
  convert: (present: NonNullable<Value>) => Column,
): Column | Extract<Value, null | undefined> {
  return value === null || value === undefined ? (value as Extract<Value, null | undefined>) : convert(value);
}

/** Whether a change (PUT) sends any field: one that sends none writes nothing, not even `updatedAt`. */
export function changesAnything(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}
