/**
 * The stored vehicle as a zod schema: every field of the Vehicle type, nothing more. Used to check
 * what the demo generator and the importer write before it reaches the database. The type test at
 * the bottom fails to compile if the Vehicle type and this schema drift apart.
 */
import { z } from "zod";
import type { Vehicle } from "~/domain/vehicle";

const money = z.number().finite().min(0);
const isoTimestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), "must be an ISO timestamp");
const isoDateOrEmpty = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "must be yyyy-mm-dd or empty");
const nullableNumber = z.number().finite().nullable().optional();

const imageSchema = z.object({ url: z.string().min(1), thumb: z.object({ url: z.string().min(1) }).strict() }).strict();

const hotspotSchema = z
  .object({
    angle: z.number().int().min(0).max(23),
    x: z.number().min(0).max(100),
    y: z.number().min(0).max(100),
    title: z.string().min(1),
    description: z.string(),
  })
  .strict();

export const variantSchema = z
  .object({
    cylinders: nullableNumber,
    enginesize: nullableNumber,
    enginesize_litres: nullableNumber,
    induction: z.string().nullable().optional(),
    geartype: z.string().nullable().optional(),
    fuelconsumptioncombined: nullableNumber,
    fuelcapacity: nullableNumber,
    grossvehiclemass: nullableNumber,
    vehiclelength: nullableNumber,
    vehicleheight: nullableNumber,
    vehiclewidth: nullableNumber,
    towingcapacitybraked: nullableNumber,
    torque: nullableNumber,
    bodyconfiguration: z.string().nullable().optional(),
    ancaprating: z.number().int().min(0).max(5).nullable().optional(),
  })
  .strict();

export const caravanSpecsSchema = z
  .object({
    body_width: nullableNumber,
    body_length: nullableNumber,
    tare_weight: nullableNumber,
    axle_type: z.string().nullable().optional(),
    sleeps: z.number().int().min(0).nullable().optional(),
    aggregate_trailer_mass: nullableNumber,
  })
  .strict();

const lenderSchema = z
  .object({
    interestRate: z.number().nullable(),
    comparisonRate: z.number().nullable(),
    paymentWeek: nullableNumber,
    paymentMonth: nullableNumber,
    deposit: nullableNumber,
    termYears: nullableNumber,
    balloon: nullableNumber,
    establishmentFees: nullableNumber,
    totalPayable: nullableNumber,
    financeProvider: z.string().nullable().optional(),
    disclaimer: z.string().nullable().optional(),
  })
  .strict();

const locationSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    slug: z.string().min(1),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    address: z.string(),
    distribution_locations: z.array(z.string()).optional(),
  })
  .strict();

export const vehicleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and hyphens"),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be URL-safe"),
    name: z.string().min(1),
    year: z.number().int().min(1900).max(2100),
    make: z.string().min(1),
    model: z.string().min(1),
    badge: z.string(),
    series: z.string(),
    colour: z.string(),
    interior_colour: z.string(),
    km: z.number().int().min(0),
    price: money,
    before_price: money,
    offer_price: money,
    subscription_price: money,
    price_type: z.string(),
    status: z.string().min(1),
    car_type: z.enum(["new", "demo", "used"]),
    item_type: z.enum(["car", "truck", "motorcycle", "caravan"]),
    stocknum: z.string().min(1),
    vin: z.string().regex(/^([A-HJ-NPR-Z0-9]{17})?$/, "must be 17 characters without I, O or Q"),
    nvic: z.string(),
    regplate: z.string(),
    rego_expiry: isoDateOrEmpty,
    compliance_date: isoDateOrEmpty,
    build_date: isoDateOrEmpty,
    tag: z.string(),
    reserved: z.boolean(),
    certified: z.boolean(),
    preorder: z.boolean(),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    sold_at: z.union([z.literal(""), isoTimestamp]),
    photos_count: z.number().int().min(0),
    simple_body: z.string(),
    simple_transmission: z.string(),
    simple_fuel: z.string(),
    simple_drive: z.string(),
    drive: z.string(),
    trans: z.string(),
    body: z.string(),
    seats: z.number().int().min(0),
    doors: z.number().int().min(0),
    engine_size: z.number().min(0),
    engine_size_litres: z.number().min(0),
    fuel: z.string(),
    images: z.array(imageSchema),
    primary_image_url: z.string(),
    video_url: z.string(),
    external_video_url: z.string(),
    spin_images: z.array(z.string()),
    spin_interior_image: z.string(),
    hotspots: z.object({ exterior: z.array(hotspotSchema), interior: z.array(hotspotSchema) }).strict(),
    dealercomments: z.string(),
    dealership_slug: z.string(),
    dealership_id: z.string(),
    dealership_name: z.string(),
    location_id: z.string(),
    location: locationSchema.nullable(),
    city: z.string(),
    state: z.string(),
    private_suburb: z.string(),
    private_postcode: z.string(),
    carsales_title: z.string(),
    categories: z.array(z.string()),
    standardEquipment: z.array(z.string()),
    file: z.string(),
    variant: variantSchema,
    caravan: caravanSpecsSchema.nullable(),
    autograb_data: z
      .object({ state_average_market_price: z.number().nullable(), average_market_price: z.number().nullable() })
      .strict()
      .nullable(),
    youxQuote: z.object({ weeklyRepaymentAmount: z.number(), advertisedRate: z.number(), comparisonRate: z.number() }).strict().nullable(),
    finance_lenders: z.record(lenderSchema).nullable(),
    payment_processors: z.array(z.string()),
    show_on_dealer_website: z.boolean(),
    custom_rank: z.number().finite(),
  })
  .strict();

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time guard: adding a field to Vehicle without adding it here (or the reverse) is a type error. */
const schemaMatchesVehicle: Exactly<keyof z.infer<typeof vehicleSchema>, keyof Vehicle> = true;
void schemaMatchesVehicle;
const parsedIsVehicle: z.infer<typeof vehicleSchema> extends Vehicle ? true : false = true;
void parsedIsVehicle;
