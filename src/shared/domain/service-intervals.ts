import { CHAIN_REPLACE_KM } from "./chain-interval.ts";
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
 * A suggestion rule. `part` is what the component is: the spec sheet's label of an imported part ("Brake
 * levers" in "Brake levers: Shimano Acera"), else its whole name. `name` is the whole name, for what kind of
 * that part it is (a hydraulic brake, a rigid fork).
 */
interface Rule {
  when: (part: string, name: string) => boolean;
  intervals: DefaultInterval[];
}

const part = (pattern: RegExp, intervals: DefaultInterval[]): Rule => ({
  when: (what) => pattern.test(what),
  intervals,
});
const named = (pattern: RegExp, intervals: DefaultInterval[]): Rule => ({
  when: (_, name) => pattern.test(name),
  intervals,
});
const always = (intervals: DefaultInterval[]): Rule => ({ when: () => true, intervals });

const chain = part(/\bchain\b/i, [km("Replace chain", CHAIN_REPLACE_KM)]);
// A cassette lasts about three chains when chains are changed in time (Park Tool, same article).
const cassette = part(/cassette|freewheel|sprocket|\bcog/i, [km("Replace cassette", 9000)]);
const chainring = part(/chainring|crank|kettenblatt/i, [km("Check chainring wear", 15000)]);
const cables = part(/\bcables?\b|housing|casing|schaltz[uü]g|\bz[uü]ge?\b/i, [months("Replace cables", 12)]);
const bottomBracket = part(/bottom bracket|\bbb\b/i, [km("Check bottom bracket", 10000)]);
// RockShox service intervals (SRAM user manuals): lower leg service every 50 h, damper and spring service every
// 200 h. Fox publishes 125 h / 250 h for recent forks; we take the shorter, more common pair.
const forkService = [hours("Lower service", 50), hours("Full service", 200)];
// RockShox rear shocks (SRAM user manuals): air can service every 50 h, damper and IFP service every 200 h.
const shockService = [hours("Air can service", 50), hours("Damper service", 200)];
// Hydraulic brakes: bleed with fresh fluid once a year, DOT fluid absorbs water (SRAM, Shimano manuals).
const brakeFluid = months("Brake fluid", 12);
const brakePads = km("Check brake pads", 1500);
const rotor = part(/rotor|scheibe/i, [km("Check rotor thickness", 10000)]);
const pads = part(/\bpads?\b/i, [brakePads]);
// Tubeless sealant dries out in 2–7 months (Stan's NoTubes, "How often should I refresh sealant").
const sealant = part(/sealant/i, [months("Refresh sealant", 4)]);
// Tyres: 3,000–5,000 km for road and gravel tyres (Schwalbe and Continental FAQs give such ranges).
const tyres = [km("Replace tyres", 4000)];
// Dropper posts: RockShox Reverb lower service 200 h (SRAM service manual).
const dropperService = [hours("Dropper service", 200)];
const headset = part(/headset|steuersatz/i, [months("Clean and grease headset", 12)]);
const hub = part(/\bhubs?\b|\bnaben?\b/i, [months("Hub service", 12)]);
const barTape = named(/bar ?tape|cork tape|lenkerband/i, [months("Replace bar tape", 12)]);

const HYDRAULIC = /hydraulic|hydraulik|mineral oil|\bdot\b|bleed|fluid/i;
const SUSPENSION =
  /suspension|travel|stanchion|damper|rebound|compression|lockout|\bair\b|\bcoil\b|rock ?shox|\bfox\b|suntour|manitou|marzocchi|\bdvo\b|[oö]hlins|x-?fusion|\brst\b/i;
const DROPPER = /dropper|height.?adjust|telescop|\bremote\b|command post|reverb|\badj(?:ustable)? post/i;
const NOT_SERVICED = part(
  /spacer|top cap|motor|drive unit|battery|akku|charger|display|remote|interface/i,
  [],
);

/**
 * Suggestions by component type, each list checked in order (the first rule that applies wins). Starting
 * points a rider can edit, not wear limits: where a maker publishes an interval it is the maker's; otherwise the
 * common workshop rule of thumb. A rule only applies where the part can be: a frame's description names its
 * features ("internal dropper post routing", "chain keeper"), a wheel's "freewheel type" hub is not a cassette,
 * a rigid fork has no lowers to service and a rim brake no fluid.
 */
const RULES: Record<ComponentType, Rule[]> = {
  Frame: [part(/^(?:rear )?(?:shock|damper)\b/i, shockService)],
  Fork: [
    named(SUSPENSION, forkService),
    named(/rigid|carbon|steel|cr-?mo|hi-?ten|alloy|alumin|composite/i, []),
    always(forkService),
  ],
  Handlebar: [barTape],
  Stem: [],
  Seatpost: [part(/clamp|binder|collar/i, []), named(DROPPER, dropperService)],
  Saddle: [],
  Wheels: [
    part(/rim (?:tape|strip)|tubeless tape|felgenband/i, []),
    hub,
    always([months("Check spoke tension and hubs", 12)]),
  ],
  Tires: [part(/\btubes?\b|valve|schlauch/i, []), sealant, always(tyres)],
  Drivetrain: [chain, cassette, chainring, cables, bottomBracket],
  Brakes: [
    // A brake lever holds the fluid of a hydraulic brake but no pads; a cable brake's lever needs nothing.
    { when: (what, name) => /lever|hebel/i.test(what) && HYDRAULIC.test(name), intervals: [brakeFluid] },
    part(/lever|hebel/i, []),
    named(HYDRAULIC, [brakeFluid, brakePads]),
    rotor,
    pads,
    named(/v-?brake|["“”]v["“”]|linear.?pull|cantilever|rim brake|mechanical|cable/i, [brakePads]),
    always([brakeFluid, brakePads]),
  ],
  Pedals: [always([months("Grease pedal bearings", 12)])],
  Other: [
    NOT_SERVICED,
    part(/fork/i, forkService),
    part(/shock|damper|suspension|federbein|d[aä]mpfer/i, shockService),
    chain,
    cassette,
    chainring,
    part(HYDRAULIC, [brakeFluid]),
    pads,
    rotor,
    sealant,
    part(/tyre|tire/i, tyres),
    cables,
    part(/dropper/i, dropperService),
    bottomBracket,
    headset,
    hub,
    barTape,
  ],
};

/** The intervals suggested for a component of this type and name (empty when there is nothing to suggest). */
export function defaultIntervalsFor(type: string, name: string): DefaultInterval[] {
  // A name imported from a spec sheet reads "Label: value": the label says what the part is, while the value
  // can name other things ("… 3S chain keeper" on a frame, "Disc" in a rim's model).
  const part = /^([^:]{1,40}):\s/.exec(name)?.[1] ?? name;
  const rule = (RULES[type as ComponentType] ?? []).find(({ when }) => when(part, name));
  return (rule?.intervals ?? []).map((interval) => ({ ...interval }));
}
