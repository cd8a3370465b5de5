/**
 * What an edit form sends: the fields the rider changed, and those a change must carry (the API's required
 * ones). A field left as it was stays out, so the stored value is kept (decision 0057): a save in one tab
 * does not undo what another tab changed in other fields, nor send a photo another tab has replaced.
 */
export function changedFields<Values extends object, Key extends keyof Values>(
  values: Values,
  dirty: Partial<Record<keyof Values, unknown>>,
  required: readonly Key[],
): Pick<Values, Key> & Partial<Values> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key]) => required.includes(key as Key) || Boolean(dirty[key as keyof Values]),
    ),
  ) as Pick<Values, Key> & Partial<Values>;
}
