import type { ComponentType } from "./component-types.ts";
import type { IntervalRule } from "./interval-status.ts";

export interface DefaultInterval extends IntervalRule {
  label: string;
}

const km = (label: string, everyKm: number): DefaultInterval => ({
  label,
  everyKm,
  everyHours: null,
  everyMonths: null,
});
const hours = (label: string, everyHours: number): DefaultInterval => ({
  label,
  everyKm: null,
  everyHours,
  everyMonths: null,
});
const months = (label: string, everyMonths: number): DefaultInterval => ({
  label,
  everyKm: null,
  everyHours: null,
  everyMonths,
});

/**
 * Defaults by what a component's name says it is, checked in order (the first match wins). Starting points a
 * rider can edit, not wear limits: where a maker publishes an interval it is the maker's; otherwise the common
 * workshop rule of thumb.
 */
const BY_NAME: { pattern: RegExp; intervals: DefaultInterval[] }[] = [
  // Chains stretch to 0.5 % in roughly 2,000–5,000 km (Park Tool, "Chain Wear and Replacement"; Shimano
  // says to replace at the checker's limit): 3,000 km is when to check and usually replace.
  { pattern: /\bchain\b/i, intervals: [km("Replace chain", 3000)] },
  // A cassette lasts about three chains when chains are changed in time (Park Tool, same article).
  { pattern: /cassette|freewheel|sprocket/i, intervals: [km("Replace cassette", 9000)] },
  { pattern: /chainring|crank/i, intervals: [km("Check chainring wear", 15000)] },
  // RockShox service intervals (SRAM user manuals): lower leg service every 50 h, damper and spring
  // service every 200 h. Fox publishes 125 h / 250 h for recent forks; we take the shorter, more common pair.
  {
    pattern: /fork|suspension|shock|damper/i,
    intervals: [hours("Lower service", 50), hours("Full service", 200)],
  },
  // Hydraulic brakes: bleed with fresh fluid once a year, DOT fluid absorbs water (SRAM, Shimano manuals).
  { pattern: /fluid|bleed|hydraulic/i, intervals: [months("Brake fluid", 12)] },
  { pattern: /pad/i, intervals: [km("Check brake pads", 1500)] },
  { pattern: /rotor/i, intervals: [km("Check rotor thickness", 10000)] },
  // Tubeless sealant dries out in 2–7 months (Stan's NoTubes, "How often should I refresh sealant").
  { pattern: /sealant|tubeless/i, intervals: [months("Refresh sealant", 4)] },
  // Tyres: 3,000–5,000 km for road and gravel tyres (Schwalbe and Continental FAQs give such ranges).
  { pattern: /tyre|tire/i, intervals: [km("Replace tyres", 4000)] },
  { pattern: /cable|housing/i, intervals: [months("Replace cables", 12)] },
  // Dropper posts: RockShox Reverb lower service 200 h (SRAM service manual), a yearly check otherwise.
  { pattern: /dropper/i, intervals: [hours("Dropper service", 200)] },
  { pattern: /bottom bracket|\bbb\b/i, intervals: [km("Check bottom bracket", 10000)] },
  { pattern: /headset/i, intervals: [months("Clean and grease headset", 12)] },
  { pattern: /hub/i, intervals: [months("Hub service", 12)] },
  { pattern: /bar tape/i, intervals: [months("Replace bar tape", 12)] },
];

/**
 * Defaults by component type when the name says nothing more specific; none for parts that rarely wear, nor
 * for drivetrain parts, which are too many kinds (a derailleur or shifter is not a chain).
 */
const BY_TYPE: Partial<Record<ComponentType, DefaultInterval[]>> = {
  Fork: [hours("Lower service", 50), hours("Full service", 200)],
  Tires: [km("Replace tyres", 4000)],
  Brakes: [months("Brake fluid", 12), km("Check brake pads", 1500)],
  Wheels: [months("Check spoke tension and hubs", 12)],
  Pedals: [months("Grease pedal bearings", 12)],
};

/** The intervals suggested for a component of this type and name (empty when there is nothing to suggest). */
export function defaultIntervalsFor(type: string, name: string): DefaultInterval[] {
  // A name imported from a spec sheet reads "Label: value": the label says what the part is, while the value
  // can name other things ("… 3S chain keeper" on a frame, "Disc" in a rim's model).
  const label = /^([^:]{1,40}):\s/.exec(name)?.[1];
  const byName = BY_NAME.find(({ pattern }) => pattern.test(label ?? name));
  if (byName) return byName.intervals.map((interval) => ({ ...interval }));
  return (BY_TYPE[type as ComponentType] ?? []).map((interval) => ({ ...interval }));
}
