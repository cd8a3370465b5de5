/**
 * What an edit form sends: only the fields the rider changed. A field left as it was stays out, so the
 * stored value is kept (decision 0057): a save in one tab does not undo what another tab changed in other
 * fields (a name included), nor send a photo another tab has replaced. Nothing changed sends nothing: the
 * save still answers the object as stored.
 */
export function changedFields<Values extends object>(
  values: Values,
  dirty: Partial<Record<keyof Values, unknown>>,
): Partial<Values> {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => Boolean(dirty[key as keyof Values])),
  ) as Partial<Values>;
}
