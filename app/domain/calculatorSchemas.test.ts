import { describe, expect, it } from "vitest";
import { withZod } from "@remix-validated-form/with-zod";
import { deliveryQuerySchema, fuelQuerySchema } from "./calculatorSchemas";
import { NO_DELIVERY_ESTIMATE, POSTCODE_REQUIRED } from "./deliveryEstimate";
import { FUEL_PARAMS } from "./fuelCost";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("the delivery calculator's schema", () => {
  it("asks for a postcode when none is typed, in the spec's words", () => {
    for (const query of [{}, { postcode: "" }, { postcode: "   " }, { postcode: 2150 }]) {
      const result = deliveryQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(POSTCODE_REQUIRED);
    }
  });

  it("passes any typed postcode on, trimmed and bounded (the region lookup answers the rest)", () => {
    expect(deliveryQuerySchema.parse({ postcode: " 2150 " })).toEqual({ postcode: "2150" });
    expect(deliveryQuerySchema.parse({ postcode: "abc" })).toEqual({ postcode: "abc" });
    expect(deliveryQuerySchema.parse({ postcode: "12345678901234" }).postcode).toHaveLength(10);
    expect(POSTCODE_REQUIRED).not.toBe(NO_DELIVERY_ESTIMATE);
  });

  it("gives the browser the message at the postcode field (withZod)", async () => {
    const validator = withZod(deliveryQuerySchema);
    expect((await validator.validate(form({ postcode: "" }))).error?.fieldErrors).toEqual({ postcode: POSTCODE_REQUIRED });
    expect((await validator.validate(form({ postcode: "2600" }))).data).toEqual({ postcode: "2600" });
  });
});

describe("the fuel calculator's schema", () => {
  const defaults = { kmPerWeek: 250, consumption: 8.4, pricePerLitre: 1.7 };
  const schema = fuelQuerySchema(defaults);

  it("reads the shopper's figures", () => {
    expect(schema.parse({ [FUEL_PARAMS.km]: "500", [FUEL_PARAMS.consumption]: "10", [FUEL_PARAMS.price]: "2" })).toEqual({
      kmPerWeek: 500,
      consumption: 10,
      pricePerLitre: 2,
    });
    expect(schema.parse({ [FUEL_PARAMS.km]: "1,200", [FUEL_PARAMS.price]: "$1.95" })).toMatchObject({
      kmPerWeek: 1200,
      pricePerLitre: 1.95,
    });
  });

  it("uses the car's figure for a blank or unreadable one and keeps the rest within bounds, never refusing", () => {
    expect(schema.parse({})).toEqual(defaults);
    expect(schema.parse({ [FUEL_PARAMS.km]: "", [FUEL_PARAMS.consumption]: "lots", [FUEL_PARAMS.price]: null })).toEqual(defaults);
    expect(schema.parse({ [FUEL_PARAMS.km]: "-5", [FUEL_PARAMS.consumption]: "999", [FUEL_PARAMS.price]: "50" })).toEqual({
      kmPerWeek: 0,
      consumption: 60,
      pricePerLitre: 10,
    });
  });

  it("is the browser's validator too (withZod), reading the form's strings", async () => {
    const result = await withZod(schema).validate(
      form({ [FUEL_PARAMS.km]: "300", [FUEL_PARAMS.consumption]: "", [FUEL_PARAMS.price]: "2.10" }),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ kmPerWeek: 300, consumption: 8.4, pricePerLitre: 2.1 });
  });
});
