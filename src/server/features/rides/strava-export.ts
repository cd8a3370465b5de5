const sameName = (name: string) => name.trim().toLowerCase();

/**
 * Which of the rider's bicycles a Strava gear name is: the one bicycle of that name (trimmed, in any case),
 * else undefined (no gear, no such bicycle, or several of that name).
 */
export function bicycleOfGear(bicycles: { id: string; name: string }[]) {
  const byName = new Map<string, string | null>();
  for (const { id, name } of bicycles) byName.set(sameName(name), byName.has(sameName(name)) ? null : id);
  return (gear: string | undefined) =>
    gear === undefined ? undefined : (byName.get(sameName(gear)) ?? undefined);
}
