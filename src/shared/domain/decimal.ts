/**
 * One rule for every amount a person types (a cost, a price, a distance) and for the service-log CSV's costs
 * (decision 0062). A decimal point or a decimal comma: "12.50" and "12,50" are 12.5. Thousands separated by
 * commas with a decimal point ("1,250.00", "1,250,000") or by points with a decimal comma ("1.250,00") are
 * read as such. "1,250" alone could be 1250 or 1.25, so it is refused as ambiguous, never guessed; anything
 * else that is no plain figure (letters, "1e3", two decimal marks) is malformed.
 */
export type ParsedDecimal = { ok: true; value: number } | { ok: false; reason: "ambiguous" | "malformed" };

const PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;
const COMMA_GROUPS_POINT = /^\d{1,3}(,\d{3})+\.\d*$/;
const COMMA_GROUPS = /^\d{1,3}(,\d{3}){2,}$/;
const POINT_GROUPS_COMMA = /^\d{1,3}(\.\d{3})+,\d*$/;
const POINT_GROUPS = /^\d{1,3}(\.\d{3}){2,}$/;
/** One comma before three digits, after a first group that could be thousands: 1,250 (not 0,125 or 1250,500). */
const ONE_COMMA_GROUP = /^[1-9]\d{0,2},\d{3}$/;
const DECIMAL_COMMA = /^(\d+,\d*|,\d+)$/;

export function parseDecimal(text: string): ParsedDecimal {
  let value = text.trim();
  let sign = 1;
  if (value.startsWith("-") || value.startsWith("+")) {
    if (value.startsWith("-")) sign = -1;
    value = value.slice(1).trimStart();
  }
  let plain: string;
  if (PLAIN.test(value)) plain = value;
  else if (COMMA_GROUPS_POINT.test(value) || COMMA_GROUPS.test(value)) plain = value.replaceAll(",", "");
  else if (POINT_GROUPS_COMMA.test(value) || POINT_GROUPS.test(value))
    plain = value.replaceAll(".", "").replace(",", ".");
  else if (ONE_COMMA_GROUP.test(value)) return { ok: false, reason: "ambiguous" };
  else if (DECIMAL_COMMA.test(value)) plain = value.replace(",", ".");
  else return { ok: false, reason: "malformed" };
  const number = Number(plain);
  if (!Number.isFinite(number)) return { ok: false, reason: "malformed" };
  // -0 is 0.
  return { ok: true, value: number === 0 ? 0 : sign * number };
}
