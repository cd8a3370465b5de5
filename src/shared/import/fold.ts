/** Lower case without diacritics ("Öhlins" → "ohlins", "Größe" → "grosse"); ASCII text is only lower-cased. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (!/[^\u0000-\u007f]/.test(lower)) return lower;
  return lower
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss");
}

/** True when the character is an upper-case letter (any script with case). */
export function isUpperLetter(ch: string | undefined): boolean {
  if (!ch) return false;
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}
