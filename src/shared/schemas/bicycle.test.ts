import { describe, expect, it } from "vitest";
import { bicycleInputSchema } from "./bicycle.ts";

describe("bicycle input", () => {
  it("turns a form's strings into clean values", () => {
    const parsed = bicycleInputSchema.parse({
      name: "  Gravel  ",
      description: " ",
      purchaseDate: "",
      price: "1499.5",
      purchaseCondition: "used",
      storeName: "",
      serialNumber: "",
      storeLink: " https://shop.example/bike ",
    });
    expect(parsed).toEqual({
      name: "Gravel",
      description: null,
      imageUrl: null,
      purchaseDate: null,
      price: 1499.5,
      purchaseCondition: "used",
      storeName: null,
      serialNumber: null,
      storeLink: "https://shop.example/bike",
    });
  });

  it("fills the optional fields with null", () => {
    expect(bicycleInputSchema.parse({ name: "Bike" })).toMatchObject({
      description: null,
      imageUrl: null,
      price: null,
      storeLink: null,
    });
  });
});
