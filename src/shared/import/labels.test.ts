import { describe, expect, it } from "vitest";
import { classifyLabel, cleanLabel, labelType } from "./labels.ts";

describe("labelType", () => {
  it.each([
    ["Frame", "Frame"],
    ["material-frame", "Frame"],
    ["Frameset", "Frame"],
    ["Fork", "Fork"],
    ["material-fork", "Fork"],
    ["Front Shock", "Fork"],
    ["Handlebars", "Handlebar"],
    ["Bar", "Handlebar"],
    ["Grips", "Handlebar"],
    ["Bar Tape", "Handlebar"],
    ["grips/tape", "Handlebar"],
    ["Tape/Grips", "Handlebar"],
    ["Stem", "Stem"],
    ["Seat Post", "Seatpost"],
    ["seatpost", "Seatpost"],
    ["Dropper Post", "Seatpost"],
    ["Seatpost Clamp", "Seatpost"],
    ["Seat Post Clamp", "Seatpost"],
    ["SEAT BINDER", "Seatpost"],
    ["Saddle", "Saddle"],
    ["BIKE SEAT", "Saddle"],
    ["Wheelset", "Wheels"],
    ["Rims", "Wheels"],
    ["Rims/Wheels", "Wheels"],
    ["Front Hub", "Wheels"],
    ["hub (both)", "Wheels"],
    ["Spokes/Nipples", "Wheels"],
    ["wheel (both)", "Wheels"],
    ["Tires", "Tires"],
    ["Tyre", "Tires"],
    ["tire (front)", "Tires"],
    ["INNER TUBES", "Tires"],
    ["tube (both)", "Tires"],
    ["Shifters", "Drivetrain"],
    ["shifers", "Drivetrain"],
    ["Shift Levers", "Drivetrain"],
    ["Shifter Front", "Drivetrain"],
    ["shifter (both)", "Drivetrain"],
    ["der_rear", "Drivetrain"],
    ["der_front", "Drivetrain"],
    ["Rear Derailleur", "Drivetrain"],
    ["derailleur (front)", "Drivetrain"],
    ["Cassette", "Drivetrain"],
    ["cog/cassette/freewheel", "Drivetrain"],
    ["Cassette/Rear Cogs", "Drivetrain"],
    ["BIKE COGSET", "Drivetrain"],
    ["BIKE SPROCKET", "Drivetrain"],
    ["Chain", "Drivetrain"],
    ["Crankset", "Drivetrain"],
    ["BIKE CRANKS", "Drivetrain"],
    ["Chainrings", "Drivetrain"],
    ["Bottom Bracket", "Drivetrain"],
    ["Chain Tensioner", "Drivetrain"],
    ["Shifter Casing", "Drivetrain"],
    ["drivetrain", "Drivetrain"],
    ["drive", "Drivetrain"],
    ["Shift/Brake Levers", "Drivetrain"],
    ["Brakes", "Brakes"],
    ["brake_front", "Brakes"],
    ["brake (rear)", "Brakes"],
    ["Brakeset", "Brakes"],
    ["Brake Levers", "Brakes"],
    ["brake lever (both)", "Brakes"],
    ["Brake Rotors", "Brakes"],
    ["brake rotor (front)", "Brakes"],
    ["Brake Cable Casing", "Brakes"],
    ["Pedals", "Pedals"],
    ["Headset", "Other"],
    ["Headset Spacer", "Other"],
    ["Top Cap", "Other"],
    ["Rear Shock", "Other"],
    ["Shock", "Other"],
    ["rear suspension", "Other"],
    ["Motor", "Other"],
    ["Drive Unit", "Other"],
    ["Battery", "Other"],
    ["Display", "Other"],
    ["user interface/remote", "Other"],
    ["Charger", "Other"],
    ["Lights", "Other"],
    ["Fenders", "Other"],
    ["Rack", "Other"],
    ["Kickstand", "Other"],
    // The small parts a workshop replaces, which a sheet lists too: they were dropped before.
    ["Derailleur Hanger", "Frame"],
    ["Rear derailleur hanger", "Frame"],
    ["Mech hanger", "Frame"],
    ["Cables/Housing", "Drivetrain"],
    ["Cables & Housing", "Drivetrain"],
    ["Cables", "Drivetrain"],
    ["Sealant", "Tires"],
    ["Tubeless Valves", "Tires"],
    ["Rim Tape", "Wheels"],
    ["Rim strip", "Wheels"],
    ["Lock", "Other"],
    ["Frame lock", "Other"],
    ["Computer", "Other"],
  ])("%s → %s", (label, type) => {
    expect(labelType(label)).toBe(type);
  });

  it.each([
    ["Rahmen", "Frame"],
    ["Federgabel", "Fork"],
    ["Sattelstütze", "Seatpost"],
    ["Schaltwerk", "Drivetrain"],
    ["Riemenantrieb", "Drivetrain"],
    ["Bremsen", "Brakes"],
    ["Laufradsatz", "Wheels"],
    ["Reifen", "Tires"],
    ["Steuersatz", "Other"],
    ["Akku", "Other"],
    ["Schaltauge", "Frame"],
    ["Schaltzüge", "Drivetrain"],
    ["Felgenband", "Wheels"],
    ["Dichtmilch", "Tires"],
    ["Rahmenschloss", "Other"],
  ])("German %s → %s", (label, type) => {
    expect(labelType(label)).toBe(type);
  });

  it("knows nothing of prose, titles and unknown labels", () => {
    for (const label of ["Specifications", "Hire Now", "Travel", "cockpit", "Front", "Rear", "Odometer"]) {
      expect(labelType(label)).toBeNull();
    }
    expect(labelType("KMC Z410A - Cassette/Rear Cogs")).toBeNull();
    expect(labelType("a label that is far too long to be a label of a spec sheet line")).toBeNull();
  });
});

describe("classifyLabel", () => {
  it("marks the ignored labels", () => {
    for (const label of [
      "Size",
      "Sizes",
      "Frame Size",
      "Color(s)",
      "Colour",
      "Paint",
      "Extras",
      "Weight",
      "Weight (approx.)",
      "price",
      "MSRP",
      "version",
      "Model",
      "frametype",
      "Wheel Size",
      "Tire Size",
      "Axles",
      "crank option 1",
      "other",
      "Fork Travel",
      "Handlebar Width",
    ]) {
      expect(classifyLabel(label)).toEqual({ kind: "ignored" });
    }
  });

  it("marks gear counts, which depend on the value", () => {
    expect(classifyLabel("speeds")).toEqual({ kind: "speeds" });
    expect(classifyLabel("Gears")).toEqual({ kind: "speeds" });
  });
});

describe("cleanLabel", () => {
  it("removes bullets, emphasis, pipes, trailing colons and the BIKE prefix", () => {
    expect(cleanLabel("* FRAME:")).toBe("FRAME");
    expect(cleanLabel("**Frame:**")).toBe("Frame");
    expect(cleanLabel("| Rear Hub ")).toBe("Rear Hub");
    expect(cleanLabel("- Rear Shock :")).toBe("Rear Shock");
    expect(cleanLabel("BIKE REAR SHOCK")).toBe("REAR SHOCK");
    expect(cleanLabel("brake (front)")).toBe("brake (front)");
  });
});
