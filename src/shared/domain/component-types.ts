export const COMPONENT_TYPES = [
  "Frame",
  "Fork",
  "Handlebar",
  "Stem",
  "Seatpost",
  "Saddle",
  "Wheels",
  "Tires",
  "Drivetrain",
  "Brakes",
  "Pedals",
  "Other",
] as const;

export type ComponentType = (typeof COMPONENT_TYPES)[number];
