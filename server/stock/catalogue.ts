/**
 * What Australian dealers stock: makes, models, badges, series codes, powertrains and dimensions,
 * close enough to the real thing that demo stock reads like a real feed (prices are recommended retail,
 * drive-away, rounded), with each make's paints and the interior trims. The data is catalogue.json; this
 * module checks it with zod when first read (a typo in the data stops start-up, named) and answers the
 * questions the demo stock, the importer and the trade-in valuation ask of it.
 */
import { z } from "zod";
import type { ItemType } from "~/domain/vehicle";
import data from "./catalogue.json" with { type: "json" };

export type SimpleBody =
  | "suv"
  | "sedan"
  | "hatch"
  | "ute"
  | "wagon"
  | "van"
  | "coupe"
  | "convertible"
  | "peopleMover"
  | "cabChassis"
  | "lightTruck"
  | "motorhome"
  | "caravan"
  | "motorcycle";

export type Fuel = "Petrol" | "Diesel" | "Hybrid" | "Electric" | "Plug-in Hybrid";
export type Drive = "FWD" | "RWD" | "AWD" | "4WD";

export interface Powertrain {
  fuel: Fuel;
  cylinders: number | null;
  /** Engine capacity in cc. */
  cc: number | null;
  induction: string;
  gear: string;
  drive: Drive;
  /** Combined consumption in L/100km; null for electric. */
  consumption: number | null;
  /** Peak torque in Nm. */
  torque: number | null;
}

export interface BadgeSpec {
  name: string;
  rrp: number;
  pt: Powertrain;
  /** 0 = base grade ... 3 = top grade: more equipment, leather, bigger wheels. */
  tier: number;
  gvm?: number;
  tow?: number;
  /** Caravans: the layout this badge names (21.66-3 is 21 ft, 66 layout, sleeps 3). */
  caravan?: CaravanLayout;
}

export interface Generation {
  series: string;
  from: number;
  to: number;
}

export interface CaravanLayout {
  bodyLength: number;
  bodyWidth: number;
  tare: number;
  atm: number;
  axle: string;
  sleeps: number;
}

export interface ModelSpec {
  make: string;
  model: string;
  item: ItemType;
  body: SimpleBody;
  /** How the dealer's feed names the body ('4D Wagon', 'Double Cab Pick Up'). */
  bodyLabel: string;
  doors: number;
  seats: number;
  /** Series code by build year; a model-year code (MY24) when the maker uses none. */
  gens: Generation[];
  badges: BadgeSpec[];
  /** Length, width, height in mm. */
  size: [number, number, number];
  gvm: number | null;
  tank: number | null;
  tow: number | null;
  ancap: number | null;
  categories: string[];
  /** How often it turns up in stock relative to other models of the make. */
  popularity: number;
  caravan?: CaravanLayout;
}

const manual = (gear: string) => gear.toLowerCase().includes("manual");

export function transmissionOf(p: Powertrain): "Automatic" | "Manual" {
  return manual(p.gear) ? "Manual" : "Automatic";
}

export interface PaintColour {
  name: string;
  hex: string;
}

// --- The data file's shape ----------------------------------------------------------------------------------

const ITEM_TYPES = ["car", "motorcycle", "caravan", "truck"] as const satisfies readonly ItemType[];
const SIMPLE_BODIES = [
  "suv",
  "sedan",
  "hatch",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peopleMover",
  "cabChassis",
  "lightTruck",
  "motorhome",
  "caravan",
  "motorcycle",
] as const satisfies readonly SimpleBody[];

const count = z.number().int().nonnegative();
const powertrainSchema = z
  .object({
    fuel: z.enum(["Petrol", "Diesel", "Hybrid", "Electric", "Plug-in Hybrid"]),
    cylinders: count.nullable(),
    cc: count.nullable(),
    induction: z.string(),
    gear: z.string(),
    drive: z.enum(["FWD", "RWD", "AWD", "4WD"]),
    consumption: z.number().positive().nullable(),
    torque: count.nullable(),
  })
  .strict();
const caravanSchema = z.object({ bodyLength: count, bodyWidth: count, tare: count, atm: count, axle: z.string(), sleeps: count }).strict();
/** Paint or trim names to their colours: { "Glacier White": "#f2f3f1" }. */
const coloursSchema = z.record(z.string().min(1), z.string().regex(/^#[0-9a-f]{6}$/));

const catalogueSchema = z
  .object({
    $comment: z.string().optional(),
    powertrains: z.record(z.string(), powertrainSchema),
    models: z.array(
      z
        .object({
          make: z.string().min(1),
          model: z.string().min(1),
          item: z.enum(ITEM_TYPES),
          body: z.enum(SIMPLE_BODIES),
          bodyLabel: z.string(),
          doors: count,
          seats: count,
          /** [series, first build year, last build year] */
          gens: z.array(z.tuple([z.string(), z.number().int(), z.number().int()])).min(1),
          badges: z
            .array(
              z
                .object({
                  name: z.string(),
                  rrp: count,
                  /** A key of `powertrains`. */
                  pt: z.string(),
                  tier: z.number().int().min(0).max(3),
                  gvm: count.optional(),
                  tow: count.optional(),
                  caravan: caravanSchema.optional(),
                })
                .strict(),
            )
            .min(1),
          size: z.tuple([count, count, count]),
          gvm: count.nullable().default(null),
          tank: count.nullable().default(null),
          tow: count.nullable().default(null),
          ancap: z.number().int().min(0).max(5).nullable().default(null),
          categories: z.array(z.string()).default([]),
          popularity: z.number().positive().default(1),
          caravan: caravanSchema.optional(),
        })
        .strict(),
    ),
    paints: z.record(z.string(), coloursSchema),
    genericPaint: coloursSchema,
    interiorTrims: z.object({ car: z.array(coloursSchema), motorcycle: z.array(coloursSchema), caravan: z.array(coloursSchema) }).strict(),
  })
  .strict()
  .superRefine((catalogue, ctx) => {
    catalogue.models.forEach((m, i) =>
      m.badges.forEach((badge, j) => {
        if (!catalogue.powertrains[badge.pt])
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["models", i, "badges", j, "pt"], message: `no powertrain "${badge.pt}"` });
      }),
    );
  });

const colours = (map: Record<string, string>): PaintColour[] => Object.entries(map).map(([name, hex]) => ({ name, hex }));

/** The data file, checked, with each badge's powertrain looked up and each generation named. */
export function parseCatalogue(raw: unknown) {
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`server/stock/catalogue.json: ${issue.path.join(".")}: ${issue.message}`);
  }
  const { powertrains, models, paints, genericPaint, interiorTrims } = parsed.data;
  const specs: ModelSpec[] = models.map(({ gens, badges, ...rest }) => ({
    ...rest,
    gens: gens.map(([series, from, to]) => ({ series, from, to })),
    badges: badges.map(({ pt, ...badge }) => ({ ...badge, pt: powertrains[pt] })),
  }));
  return {
    specs,
    paints: Object.fromEntries(Object.entries(paints).map(([make, map]) => [make, colours(map)])),
    genericPaint: colours(genericPaint),
    interiorTrims: {
      car: interiorTrims.car.map(colours),
      motorcycle: interiorTrims.motorcycle.map(colours),
      caravan: interiorTrims.caravan.map(colours),
    },
  };
}

const catalogue = parseCatalogue(data);

export const CATALOGUE: readonly ModelSpec[] = catalogue.specs;

/** The series code for a model built in a given year (the newest generation covering it). */
export function seriesFor(spec: ModelSpec, year: number): string {
  let found = spec.gens[0];
  for (const gen of spec.gens) if (year >= gen.from && year <= gen.to) found = gen;
  return found.series;
}

export function firstYear(spec: ModelSpec): number {
  return Math.min(...spec.gens.map((gen) => gen.from));
}
export function lastYear(spec: ModelSpec): number {
  return Math.max(...spec.gens.map((gen) => gen.to));
}

/** Every make the catalogue knows, with the kinds of stock it builds. */
export function itemTypesOfMake(make: string): Set<ItemType> {
  const types = new Set<ItemType>();
  const wanted = make.trim().toLowerCase();
  for (const spec of CATALOGUE) if (spec.make.toLowerCase() === wanted) types.add(spec.item);
  return types;
}

export function modelsOfMake(make: string): ModelSpec[] {
  const wanted = make.trim().toLowerCase();
  return CATALOGUE.filter((spec) => spec.make.toLowerCase() === wanted);
}

/** Makes a used-car yard takes on trade: any passenger-car make. */
export const COMMON_CAR_MAKES = [...new Set(CATALOGUE.filter((spec) => spec.item === "car").map((spec) => spec.make))];

/** A make's paint colours (the common ones when the catalogue has none of its own). */
export function paintsFor(make: string): PaintColour[] {
  return catalogue.paints[make] ?? catalogue.genericPaint;
}

/** Interior trims by kind of stock, by grade (tier 0 to 3 for cars). */
export const INTERIOR_TRIMS: Record<"car" | "motorcycle" | "caravan", PaintColour[][]> = catalogue.interiorTrims;
