import { describe, expect, it } from "vitest";
import { trimText } from "../domain/text.ts";
import { messages } from "../messages.ts";
import { bicycleInputSchema } from "./bicycle.ts";
import { componentInputSchema } from "./component.ts";
import { rideFormSchema } from "./ride.ts";
import { serviceEntryInputSchema } from "./service-entry.ts";
import { serviceIntervalInputSchema } from "./service-interval.ts";

// Zero-width space, non-joiner, joiner, word joiner, byte-order mark, direction marks, soft hyphen, combining
// grapheme joiner, Mongolian vowel separator, blank braille pattern, Hangul filler.
const invisible = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u200E",
  "\u200F",
  "\u00AD",
  "\u034F",
  "\u180E",
  "\u2800",
  "\u3164",
];

function errorOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("required text", () => {
  it.each(invisible)("takes a name of only U+%s (and spaces) as empty", (char) => {
    const blank = ` ${char}${char} `;
    expect(errorOf(bicycleInputSchema.safeParse({ name: blank }))).toEqual({
      name: messages.bicycles.nameRequired,
    });
    expect(errorOf(componentInputSchema.safeParse({ name: blank, type: "Drivetrain" }))).toEqual({
      name: messages.components.nameRequired,
    });
    expect(
      errorOf(serviceEntryInputSchema.safeParse({ date: "2024-05-01", description: blank, cost: 0 })),
    ).toEqual({ description: messages.services.descriptionRequired });
  });

  it("trims invisible characters at the ends only, keeping a joiner inside an emoji", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    expect(trimText(`\u200B ${family} bike\uFEFF`)).toBe(`${family} bike`);
    expect(bicycleInputSchema.parse({ name: `\u2060Road\u200B` }).name).toBe("Road");
    // A variation selector that ends an emoji stays: the red heart stays red.
    expect(trimText("Valentine \u2764\uFE0F")).toBe("Valentine \u2764\uFE0F");
  });
});

describe("typed amounts", () => {
  const service = (cost: string) =>
    serviceEntryInputSchema.safeParse({ date: "2024-05-01", description: "Chain", cost });

  it("reads a decimal comma as the decimal point in every amount field", () => {
    expect(service("12,50").data?.cost).toBe(12.5);
    expect(service("1,250.00").data?.cost).toBe(1250);
    expect(bicycleInputSchema.parse({ name: "Bike", price: "1,5" }).price).toBe(1.5);
    expect(componentInputSchema.parse({ name: "Chain", type: "Drivetrain", mileage: "1,5" }).mileage).toBe(
      1.5,
    );
    expect(
      serviceIntervalInputSchema.parse({ label: "Chain", everyKm: "3,5", everyHours: "", everyMonths: "" })
        .everyKm,
    ).toBe(3.5);
    const ride = rideFormSchema("km").parse({
      name: "Loop",
      date: "2024-05-01",
      time: "08:00",
      distance: "1,5",
      hours: "",
      minutes: "",
      elevation: "",
    });
    expect(ride.distance).toBe(1.5);
  });

  it("refuses an ambiguous or malformed amount with a message naming the field", () => {
    expect(errorOf(service("1,250"))).toEqual({ cost: messages.numbers.ambiguous("Cost", "1,250") });
    expect(messages.numbers.ambiguous("Cost", "1,250")).toContain("Cost");
    expect(errorOf(service("12,5,0"))).toEqual({ cost: messages.services.costInvalid });
    expect(errorOf(service(""))).toEqual({ cost: messages.services.costRequired });
    expect(errorOf(bicycleInputSchema.safeParse({ name: "Bike", price: "1,250" }))).toEqual({
      price: messages.numbers.ambiguous("Price", "1,250"),
    });
    expect(
      errorOf(componentInputSchema.safeParse({ name: "Chain", type: "Drivetrain", mileage: "2,000" })),
    ).toEqual({
      mileage: messages.numbers.ambiguous("Distance before tracking", "2,000"),
    });
  });
});
