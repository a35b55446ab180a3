/**
 * Demo stock: a realistic, reproducible inventory for each dealer site, so a fresh install has
 * something to search. Stock is drawn per sales location from the makes that location sells, and
 * every state the site must handle (sold in the last days, preorders, reserved, offers, no photos,
 * 360 spins...) is guaranteed to occur at least once.
 */
import type { CarType, Hotspot, ItemType, Vehicle } from "~/domain/vehicle";
import { vehicleTitle } from "~/domain/vehicle";
import { historyReportUrl, vehicleImageUrl, walkaroundUrl, bodyFamilyFor } from "../images/mediaPaths";
import { locateFeature, type ExteriorFeature } from "./vehicleSvg";
import { locateInteriorFeature } from "./interiorSvg";
import type { BodyFamily } from "./vehicleShapes";
import type { DealerLocation, TenantConfig } from "../tenants/schema";
import {
  CATALOGUE,
  INTERIOR_TRIMS,
  firstYear,
  itemTypesOfMake,
  lastYear,
  paintsFor,
  seriesFor,
  transmissionOf,
  type BadgeSpec,
  type ModelSpec,
  type PaintColour,
} from "../stock/catalogue";
import { dealerComment, standardEquipment } from "./demoContent";
import { createRandom, hashText, type Random } from "./random";
import {
  DRIVE_LABELS,
  FUEL_LABELS,
  classifiedsTitle,
  locationRef,
  paymentProcessorsFor,
  salesLocations,
  vehicleId,
  vehicleSlug,
} from "../stock/vehicleText";

export interface DemoStockOptions {
  /** Same seed and same `now` give the same stock. */
  seed?: number;
  count?: number;
  /** The moment the stock is relative to (sold windows, new arrivals, rego expiry). */
  now?: Date;
}

/** How much stock each kind of site carries by default: a group has many yards, a brand dealer one. */
export const DEFAULT_DEMO_COUNT: Record<TenantConfig["template"], number> = { group: 1200, standard: 500, brand: 300 };

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OLDEST_USED_YEAR = 2008;

type StockStatus = "in_stock" | "coming_soon" | "sold_recent" | "sold_old";
type CustomTag = "" | "runout sale" | "Test Drive Only" | "Clearance";

interface Flags {
  status: StockStatus;
  customTag: CustomTag;
  reserved: boolean;
  certified: boolean;
  newArrival: boolean;
  preorder: boolean;
  enquire: boolean;
  offer: boolean;
  was: boolean;
  subscription: boolean;
  images: "none" | "one" | "gallery";
  video: boolean;
  spin: "none" | "exterior" | "full";
  file: boolean;
  hidden: boolean;
  autograb: boolean;
  underMarket: boolean;
  youx: boolean;
  lenders: boolean;
  regoPast: boolean;
  noNvic: boolean;
  comments: "empty" | "short" | "long";
}

/** A vehicle decided but not yet written out: the coverage pass can still change its flags. */
interface Plan {
  index: number;
  outlet: Outlet;
  carType: CarType;
  spec: ModelSpec;
  badge: BadgeSpec;
  year: number;
  km: number;
  basePrice: number;
  paint: PaintColour;
  interior: PaintColour;
  flags: Flags;
  /** Chosen by the coverage pass; later cases leave it alone so one fix does not undo another. */
  pinned: boolean;
}

interface Outlet {
  location: DealerLocation;
  dealership: { id: string; slug: string; name: string };
  /** Empty for a used-car yard, which takes any common make on trade. */
  makes: string[];
  models: ModelSpec[];
  carTypes: CarType[];
  weight: number;
  kind: ItemType | "used";
}

export function generateDemoStock(tenant: TenantConfig, options: DemoStockOptions = {}): Vehicle[] {
  const now = options.now ?? new Date();
  const seed = (options.seed ?? 1) >>> 0;
  const base = (hashText(tenant.slug) ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  const random = createRandom(base);
  const count = Math.max(0, Math.floor(options.count ?? DEFAULT_DEMO_COUNT[tenant.template]));
  const outlets = stockOutlets(tenant);
  const currentYear = now.getUTCFullYear();

  const plans: Plan[] = [];
  const perOutlet = apportion(
    count,
    outlets.map((o) => o.weight),
  );
  outlets.forEach((outlet, o) => {
    for (let i = 0; i < perOutlet[o]; i++) plans.push(planVehicle(plans.length, outlet, tenant, currentYear, random));
  });
  ensureEveryCase(plans, tenant, random);
  return plans.map((plan) => buildVehicle(plan, tenant, now, createRandom((base + Math.imul(plan.index + 1, 0x85ebca6b)) >>> 0)));
}

// ---- where stock comes from ---------------------------------------------------------------------

function stockOutlets(tenant: TenantConfig): Outlet[] {
  const siteTypes: CarType[] = tenant.search.baseFilter.carTypes.length ? [...tenant.search.baseFilter.carTypes] : ["new", "demo", "used"];
  return salesLocations(tenant).map((location) => {
    const dealership = tenant.dealerships.find((d) => d.id === location.dealership_id) ?? tenant.dealerships[0];
    const siblings = tenant.locations.filter((l) => l.dealership_id === location.dealership_id);
    const makes = location.manufacturers.length ? location.manufacturers : [...new Set(siblings.flatMap((l) => l.manufacturers))];
    let models = franchiseModels(makes);
    const usedYard = models.length === 0;
    if (usedYard) models = CATALOGUE.filter((spec) => spec.item === "car");
    const kind: Outlet["kind"] = usedYard ? "used" : models[0].item;
    const wanted: CarType[] = usedYard ? ["used"] : ["new", "demo", "used"];
    const carTypes = wanted.filter((t) => siteTypes.includes(t));
    const weight = { used: 1.2, car: 1, truck: 0.35, motorcycle: 0.5, caravan: 0.35 }[kind];
    return { location, dealership, makes: usedYard ? [] : makes, models, carTypes: carTypes.length ? carTypes : siteTypes, weight, kind };
  });
}

/**
 * Models a franchise sells: its makes, in the kind of stock all its makes share (Honda at a
 * motorcycle shop next to Yamaha and Kawasaki means Honda motorcycles, not Honda cars).
 */
function franchiseModels(makes: string[]): ModelSpec[] {
  if (makes.length === 0) return [];
  const kinds = makes.map((make) => itemTypesOfMake(make)).filter((kinds) => kinds.size > 0);
  if (kinds.length === 0) return [];
  let shared = new Set(kinds[0]);
  for (const k of kinds.slice(1)) shared = new Set([...shared].filter((t) => k.has(t)));
  if (shared.size === 0) shared = new Set(kinds.flatMap((k) => [...k]));
  const wanted = new Set(makes.map((m) => m.toLowerCase()));
  return CATALOGUE.filter((spec) => wanted.has(spec.make.toLowerCase()) && shared.has(spec.item));
}

/** Splits a total by weights into whole numbers that add up exactly (largest remainder). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    out[i]++;
  }
  return out;
}

// ---- planning -----------------------------------------------------------------------------------

function planVehicle(index: number, outlet: Outlet, tenant: TenantConfig, currentYear: number, random: Random): Plan {
  const heavy = outlet.kind === "truck" || outlet.kind === "caravan" || outlet.kind === "motorcycle";
  const typeWeights: [CarType, number][] = outlet.carTypes.map((t) => [
    t,
    t === "new" ? (heavy ? 0.62 : 0.55) : t === "demo" ? (heavy ? 0.06 : 0.12) : heavy ? 0.32 : 0.33,
  ]);
  let carType = random.weighted(typeWeights);
  const sellable = (spec: ModelSpec) =>
    carType === "used" ? lastYear(spec) >= OLDEST_USED_YEAR && firstYear(spec) <= currentYear - 1 : lastYear(spec) >= currentYear - 1;
  let candidates = outlet.models.filter(sellable);
  if (candidates.length === 0) {
    carType = "used";
    candidates = outlet.models.filter(sellable);
  }
  if (candidates.length === 0) candidates = outlet.models;
  const spec = random.weighted(candidates.map((s) => [s, s.popularity] as const));
  const year = pickYear(spec, carType, currentYear, random);
  const badge = random.weighted(spec.badges.map((b) => [b, [3, 3, 2, 1.4][b.tier] ?? 1] as const));
  const paints = paintsFor(spec.make);
  const paint = random.weighted(paints.map((p, i) => [p, i === 0 ? 3 : i === 1 ? 2 : 1] as const));
  const trims = spec.item === "car" || spec.item === "truck" ? INTERIOR_TRIMS.car[badge.tier] : INTERIOR_TRIMS[spec.item][0];
  const interior = random.pick(trims);
  const km = pickKm(spec, carType, currentYear - year, random);
  const basePrice = pickPrice(spec, badge, carType, currentYear - year, km, random);
  const flags = pickFlags(spec, carType, year, currentYear, km, tenant, random);
  return { index, outlet, carType, spec, badge, year, km, basePrice, paint, interior, flags, pinned: false };
}

function pickYear(spec: ModelSpec, carType: CarType, currentYear: number, random: Random): number {
  const last = Math.min(lastYear(spec), currentYear);
  if (carType !== "used") {
    const year = random.chance(carType === "new" ? 0.8 : 0.5) ? currentYear : currentYear - 1;
    return Math.max(firstYear(spec), Math.min(last, year));
  }
  const newest = Math.min(last, currentYear - 1);
  const oldest = Math.max(OLDEST_USED_YEAR, firstYear(spec));
  if (newest <= oldest) return Math.max(oldest, Math.min(newest, currentYear - 1));
  // Yards hold more three-to-six-year-old cars than very old ones.
  return newest - Math.floor(Math.pow(random.next(), 1.6) * (newest - oldest + 1));
}

function pickKm(spec: ModelSpec, carType: CarType, age: number, random: Random): number {
  if (spec.body === "caravan") return 0;
  if (carType === "new") return random.int(0, 30);
  if (carType === "demo") return random.int(100, 9000);
  const perYear =
    spec.item === "truck" ? random.range(22000, 40000) : spec.item === "motorcycle" ? random.range(3500, 7000) : random.range(9000, 21000);
  return Math.max(5000, Math.min(250000, Math.round((Math.max(1, age) * perYear) / 100) * 100 + random.int(0, 99)));
}

function pickPrice(spec: ModelSpec, badge: BadgeSpec, carType: CarType, age: number, km: number, random: Random): number {
  if (carType === "new") return roundPrice(badge.rrp * random.range(0.98, 1.04));
  if (carType === "demo") return roundPrice(badge.rrp * random.range(0.86, 0.94));
  const years = Math.max(1, age);
  const yearly = spec.item === "caravan" ? 0.94 : spec.item === "truck" ? 0.91 : spec.item === "motorcycle" ? 0.9 : 0.93;
  const newPriceThen = badge.rrp * Math.max(0.6, 1 - 0.022 * years);
  const expectedKm = years * 15000;
  const kmFactor = spec.body === "caravan" ? 1 : Math.max(0.85, Math.min(1.08, 1 - ((km - expectedKm) / expectedKm) * 0.08));
  const price = newPriceThen * 0.88 * Math.pow(yearly, years - 1) * kmFactor * random.range(0.94, 1.06);
  return Math.max(3990, roundPrice(price));
}

/** Dealer pricing: $34,490 or $34,990, never $34,517. */
function roundPrice(price: number): number {
  return Math.max(990, Math.round(price / 500) * 500 - 10);
}

function pickFlags(
  spec: ModelSpec,
  carType: CarType,
  year: number,
  currentYear: number,
  km: number,
  tenant: TenantConfig,
  random: Random,
): Flags {
  const roll = random.next();
  let status: StockStatus = roll < 0.04 ? "sold_recent" : roll < 0.11 ? "sold_old" : roll < 0.16 ? "coming_soon" : "in_stock";
  const preorder = carType === "new" && status === "coming_soon" && random.chance(0.35);
  if (preorder) status = "coming_soon";
  const available = status === "in_stock" || status === "coming_soon";
  const age = currentYear - year;
  let customTag: CustomTag = "";
  if (carType === "new" && year < currentYear && random.chance(0.4)) customTag = "runout sale";
  else if (carType === "demo" && random.chance(0.12)) customTag = "Test Drive Only";
  else if (carType === "used" && random.chance(0.04)) customTag = "Clearance";
  const cpoMake = tenant.features.certifiedPreOwnedMake?.toLowerCase();
  const certifiable = carType === "used" && age <= 6 && km <= 120000 && spec.item !== "caravan";
  const certified = certifiable && random.chance(cpoMake && spec.make.toLowerCase() === cpoMake ? 0.6 : 0.12);
  const images = random.chance(0.03) ? "none" : random.chance(0.04) ? "one" : "gallery";
  const spinRoll = random.next();
  return {
    status,
    customTag,
    reserved: available && !preorder && random.chance(0.03),
    certified,
    newArrival: random.chance(0.12),
    preorder,
    enquire: !preorder && random.chance(0.012),
    offer: random.chance(0.09),
    was: random.chance(0.09),
    subscription: tenant.features.subscriptions && carType === "used" && random.chance(0.3),
    images,
    video: images === "gallery" && random.chance(0.1),
    spin: images !== "gallery" ? "none" : spinRoll < 0.06 ? "exterior" : spinRoll < 0.15 ? "full" : "none",
    file: random.chance(carType === "used" ? 0.2 : 0.04),
    hidden: random.chance(0.015),
    autograb: carType === "used" && random.chance(0.75),
    underMarket: random.chance(0.15),
    youx: carType === "new" && random.chance(0.4),
    lenders: random.chance(0.2),
    regoPast: carType === "used" && random.chance(0.15),
    noNvic: random.chance(0.1) || spec.item === "caravan",
    comments: random.chance(0.08) ? "empty" : random.chance(0.27) ? "long" : "short",
  };
}

// ---- making sure every case occurs --------------------------------------------------------------

interface Case {
  name: string;
  has: (p: Plan) => boolean;
  eligible: (p: Plan) => boolean;
  apply: (p: Plan) => void;
}

/**
 * Each state a shopper or a test must be able to see is present at least once (when the site's car
 * types allow it); otherwise a small dealer's demo would only show it by luck.
 */
function ensureEveryCase(plans: Plan[], tenant: TenantConfig, random: Random): void {
  const f = (p: Plan) => p.flags;
  const available = (p: Plan) => f(p).status === "in_stock" || f(p).status === "coming_soon";
  const priced = (p: Plan) => !f(p).preorder && !f(p).enquire;
  const cpoMake = tenant.features.certifiedPreOwnedMake?.toLowerCase();
  const cases: Case[] = [
    { name: "in stock", has: (p) => f(p).status === "in_stock", eligible: () => true, apply: (p) => void (f(p).status = "in_stock") },
    {
      name: "coming soon",
      has: (p) => f(p).status === "coming_soon" && !f(p).preorder,
      eligible: () => true,
      apply: (p) => void (f(p).status = "coming_soon"),
    },
    {
      name: "sold recently",
      has: (p) => f(p).status === "sold_recent",
      eligible: (p) => !f(p).preorder,
      apply: (p) => void (f(p).status = "sold_recent"),
    },
    {
      name: "sold long ago",
      has: (p) => f(p).status === "sold_old",
      eligible: (p) => !f(p).preorder,
      apply: (p) => void (f(p).status = "sold_old"),
    },
    {
      name: "preorder",
      has: (p) => f(p).preorder,
      eligible: (p) => p.carType === "new",
      apply: (p) => Object.assign(f(p), { preorder: true, status: "coming_soon", enquire: false, reserved: false }),
    },
    {
      name: "enquire for price",
      has: (p) => f(p).enquire,
      eligible: (p) => !f(p).preorder && available(p),
      apply: (p) => void (f(p).enquire = true),
    },
    {
      name: "reserved",
      has: (p) => f(p).reserved && available(p),
      eligible: (p) => available(p) && !f(p).preorder,
      apply: (p) => void (f(p).reserved = true),
    },
    {
      name: "runout sale",
      has: (p) => f(p).customTag === "runout sale",
      eligible: (p) => p.carType === "new" && available(p),
      apply: (p) => void (f(p).customTag = "runout sale"),
    },
    {
      name: "test drive only",
      has: (p) => f(p).customTag === "Test Drive Only",
      eligible: (p) => p.carType !== "used" && available(p),
      apply: (p) => void (f(p).customTag = "Test Drive Only"),
    },
    {
      name: "clearance",
      has: (p) => f(p).customTag === "Clearance",
      eligible: (p) => available(p),
      apply: (p) => void (f(p).customTag = "Clearance"),
    },
    {
      name: "certified",
      has: (p) => f(p).certified,
      eligible: (p) => p.carType === "used" && p.spec.item !== "caravan",
      apply: (p) => void (f(p).certified = true),
    },
    {
      name: "certified pre-owned make",
      has: (p) => f(p).certified && !!cpoMake && p.spec.make.toLowerCase() === cpoMake,
      eligible: (p) => !!cpoMake && p.carType === "used" && p.spec.make.toLowerCase() === cpoMake && available(p),
      apply: (p) => Object.assign(f(p), { certified: true, customTag: "", reserved: false }),
    },
    {
      name: "new arrival",
      has: (p) => f(p).newArrival && available(p),
      eligible: (p) => available(p),
      apply: (p) => void (f(p).newArrival = true),
    },
    { name: "offer price", has: (p) => f(p).offer && priced(p), eligible: priced, apply: (p) => void (f(p).offer = true) },
    { name: "was price", has: (p) => f(p).was && priced(p), eligible: priced, apply: (p) => void (f(p).was = true) },
    {
      name: "subscription",
      has: (p) => f(p).subscription,
      eligible: (p) => tenant.features.subscriptions && p.carType === "used",
      apply: (p) => void (f(p).subscription = true),
    },
    {
      name: "no images",
      has: (p) => f(p).images === "none",
      eligible: () => true,
      apply: (p) => Object.assign(f(p), { images: "none", spin: "none", video: false }),
    },
    {
      name: "one image",
      has: (p) => f(p).images === "one",
      eligible: () => true,
      apply: (p) => Object.assign(f(p), { images: "one", spin: "none", video: false }),
    },
    { name: "video", has: (p) => f(p).video, eligible: (p) => f(p).images === "gallery", apply: (p) => void (f(p).video = true) },
    {
      name: "spin",
      has: (p) => f(p).spin === "exterior",
      eligible: (p) => f(p).images === "gallery" && available(p),
      apply: (p) => void (f(p).spin = "exterior"),
    },
    {
      name: "spin with interior",
      has: (p) => f(p).spin === "full",
      eligible: (p) => f(p).images === "gallery" && available(p),
      apply: (p) => void (f(p).spin = "full"),
    },
    { name: "history report", has: (p) => f(p).file, eligible: () => true, apply: (p) => void (f(p).file = true) },
    { name: "hidden", has: (p) => f(p).hidden, eligible: () => true, apply: (p) => void (f(p).hidden = true) },
    { name: "market price", has: (p) => f(p).autograb, eligible: (p) => p.carType === "used", apply: (p) => void (f(p).autograb = true) },
    {
      name: "under market",
      has: (p) => f(p).autograb && f(p).underMarket && priced(p),
      eligible: (p) => p.carType === "used" && priced(p),
      apply: (p) => Object.assign(f(p), { autograb: true, underMarket: true }),
    },
    {
      name: "finance quote",
      has: (p) => f(p).youx && priced(p),
      eligible: (p) => p.carType === "new" && priced(p),
      apply: (p) => void (f(p).youx = true),
    },
    { name: "finance lenders", has: (p) => f(p).lenders && priced(p), eligible: priced, apply: (p) => void (f(p).lenders = true) },
    { name: "rego expired", has: (p) => f(p).regoPast, eligible: (p) => p.carType === "used", apply: (p) => void (f(p).regoPast = true) },
    {
      name: "rego current",
      has: (p) => p.carType === "used" && !f(p).regoPast,
      eligible: (p) => p.carType === "used",
      apply: (p) => void (f(p).regoPast = false),
    },
    { name: "no nvic", has: (p) => f(p).noNvic, eligible: () => true, apply: (p) => void (f(p).noNvic = true) },
    { name: "no comments", has: (p) => f(p).comments === "empty", eligible: () => true, apply: (p) => void (f(p).comments = "empty") },
    { name: "long comments", has: (p) => f(p).comments === "long", eligible: () => true, apply: (p) => void (f(p).comments = "long") },
  ];
  for (const c of cases) {
    if (plans.some(c.has)) continue;
    const candidates = plans.filter((p) => !p.pinned && c.eligible(p));
    if (candidates.length === 0) continue;
    const chosen = random.pick(candidates);
    c.apply(chosen);
    chosen.pinned = true;
  }
}

// ---- writing the vehicle ------------------------------------------------------------------------

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_YEAR = "ABCDEFGHJKLMNPRSTVWXY123456789";
const WMI: Record<string, string> = {
  Toyota: "MR0",
  Hyundai: "KMH",
  Mazda: "JM0",
  GWM: "LGW",
  Haval: "LGW",
  Ford: "MPB",
  Kia: "KNA",
  Mitsubishi: "MMA",
  Nissan: "MNT",
  Volkswagen: "WV1",
  Subaru: "JF1",
  Holden: "6G1",
  Honda: "MRH",
  Tesla: "LRW",
  BYD: "LGX",
  MG: "LSJ",
  Suzuki: "JS2",
  Isuzu: "MPA",
  BMW: "WBA",
  "Mercedes-Benz": "WDD",
  Hino: "JHH",
  Fuso: "JLF",
  Yamaha: "JYA",
  Kawasaki: "JKA",
  Jayco: "6J9",
  Coromal: "6K9",
};

function vin(make: string, year: number, random: Random): string {
  const chars = (n: number) => Array.from({ length: n }, () => random.pick(VIN_CHARS.split(""))).join("");
  // Position 10 is the model-year code (A = 2010, repeating every 30 years).
  const yearCode = VIN_YEAR[(((year - 2010) % 30) + 30) % 30];
  return `${WMI[make] ?? "6T1"}${chars(6)}${yearCode}${chars(1)}${String(random.int(0, 999999)).padStart(6, "0")}`;
}

function plate(state: string, random: Random): string {
  const L = () => random.pick("ABCDEFGHJKLMNPRSTUVWXYZ".split(""));
  const D = () => String(random.int(0, 9));
  switch (state) {
    case "NSW":
      return `${L()}${L()}${L()}${D()}${D()}${L()}`;
    case "VIC":
      return `${D()}${L()}${L()}${D()}${L()}${L()}`;
    case "QLD":
      return `${D()}${D()}${D()}${L()}${L()}${L()}`;
    case "WA":
      return `1${L()}${L()}${L()}${D()}${D()}${D()}`;
    case "SA":
      return `S${D()}${D()}${D()}${L()}${L()}${L()}`;
    default:
      return `${L()}${L()}${L()}${D()}${D()}${D()}`;
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function stockPrefix(dealershipSlug: string): string {
  return dealershipSlug
    .split("-")
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0].toUpperCase())
    .join("");
}

/** Weekly repayment over `years` with `rate` percent a year (the standard amortisation). */
export function weeklyRepayment(principal: number, ratePercent: number, years: number): number {
  const n = years * 52;
  const i = ratePercent / 100 / 52;
  if (i === 0) return principal / n;
  return (principal * i) / (1 - Math.pow(1 + i, -n));
}

const EXTERIOR_SEQUENCE = [3, 0, 21, 6, 9, 12, 15, 18, 1, 4, 22, 19];
const INTERIOR_SEQUENCE = [0, 2, 22, 12];

function buildVehicle(plan: Plan, tenant: TenantConfig, now: Date, random: Random): Vehicle {
  const { spec, badge, flags, outlet, carType, year } = plan;
  const nowMs = now.getTime();
  const currentYear = now.getUTCFullYear();
  const stocknum = `${stockPrefix(outlet.dealership.slug)}${10001 + plan.index}`;
  const id = vehicleId(tenant.slug, stocknum);
  const series = seriesFor(spec, year);
  const powered = spec.body !== "caravan";
  const pt = badge.pt;
  const family: BodyFamily = bodyFamilyFor(spec.body, spec.item);

  // Status and the dates that go with it.
  const status = flags.status === "sold_recent" || flags.status === "sold_old" ? "sold" : flags.status;
  const available = status !== "sold";
  const soldAtMs =
    flags.status === "sold_recent"
      ? nowMs - random.range(2 * HOUR, 60 * HOUR)
      : flags.status === "sold_old"
        ? nowMs - random.range(5 * DAY, 30 * DAY)
        : 0;
  const createdMs = soldAtMs
    ? soldAtMs - random.range(10 * DAY, 90 * DAY)
    : flags.newArrival
      ? nowMs - random.range(2 * HOUR, 7.5 * DAY)
      : nowMs - random.range(9 * DAY, 150 * DAY);
  const updatedMs = soldAtMs || Math.min(nowMs, createdMs + random.range(0, 5 * DAY));

  // Prices.
  const price = flags.preorder || flags.enquire ? 0 : plan.basePrice;
  const offerPrice = flags.offer && price > 0 ? Math.max(990, price - random.int(5, 35) * 100) : 0;
  const beforePrice = flags.was && price > 0 ? price + random.int(2, 10) * 500 : 0;
  const subscriptionPrice = flags.subscription && price > 0 ? Math.max(99, Math.round(price / random.range(140, 180) / 10) * 10 - 1) : 0;
  const sellingPrice = offerPrice || price;

  // Registration: new cars are not yet registered; demonstrators and used cars are.
  const state = outlet.location.address.state;
  const registered = carType !== "new";
  const regoExpiry = !registered
    ? ""
    : flags.regoPast
      ? isoDate(nowMs - random.range(10 * DAY, 400 * DAY))
      : isoDate(nowMs + random.range(20 * DAY, 360 * DAY));
  const buildMonth = year === currentYear ? random.int(1, now.getUTCMonth() + 1) : random.int(1, 12);
  const buildDate = `${year}-${String(buildMonth).padStart(2, "0")}-01`;
  const complianceMs = Date.UTC(year, buildMonth - 1 + random.int(1, 2), 1);

  const features = standardEquipment(spec, badge, random);
  const title = vehicleTitle({ year, make: spec.make, model: spec.model, badge: badge.name, series });

  // Photos: generated drawings of this body in this colour (no photographs are downloaded).
  const imageCount = flags.images === "none" ? 0 : flags.images === "one" ? 1 : random.int(4, 14);
  const exteriorCount = Math.min(EXTERIOR_SEQUENCE.length, Math.max(1, Math.ceil(imageCount * 0.72)));
  const images = [];
  for (let i = 0; i < imageCount; i++) {
    const interior = i >= exteriorCount;
    const angle = interior ? INTERIOR_SEQUENCE[(i - exteriorCount) % INTERIOR_SEQUENCE.length] : EXTERIOR_SEQUENCE[i];
    const colour = interior ? plan.interior.hex : plan.paint.hex;
    images.push({
      url: vehicleImageUrl(family, colour, interior ? "interior" : "exterior", angle),
      thumb: { url: vehicleImageUrl(family, colour, interior ? "thumb-interior" : "thumb-exterior", angle) },
    });
  }
  const spinImages =
    flags.spin === "none" ? [] : Array.from({ length: 24 }, (_, a) => vehicleImageUrl(family, plan.paint.hex, "exterior", a));
  const hotspots =
    flags.spin === "full"
      ? {
          exterior: exteriorHotspots(family, spec, badge, features),
          interior: interiorHotspots(family, spec, plan.interior.name, features),
        }
      : { exterior: [], interior: [] };

  const quoteRate = Math.round(random.range(7.49, 11.49) * 100) / 100;
  const youxQuote =
    flags.youx && carType === "new" && sellingPrice > 0
      ? {
          weeklyRepaymentAmount: Math.round(weeklyRepayment(sellingPrice * 0.9, quoteRate, 5)),
          advertisedRate: quoteRate,
          comparisonRate: Math.round((quoteRate + random.range(0.25, 0.9)) * 100) / 100,
        }
      : null;

  const average = flags.underMarket ? sellingPrice * random.range(1.1, 1.2) : sellingPrice * random.range(0.95, 1.06);
  const autograb =
    flags.autograb && carType === "used" && sellingPrice > 0
      ? {
          average_market_price: Math.round(average / 10) * 10,
          state_average_market_price: random.chance(0.1) ? null : Math.round((average * random.range(0.98, 1.03)) / 10) * 10,
        }
      : null;

  const location = outlet.location;
  const dealerPhone = location.contact_detail.phone;
  const vehicle: Vehicle = {
    id,
    slug: vehicleSlug({ year, make: spec.make, model: spec.model, badge: badge.name, series, stocknum }),
    name: title,
    year,
    make: spec.make,
    model: spec.model,
    badge: badge.name,
    series,
    colour: plan.paint.name,
    interior_colour: plan.interior.name,
    km: flags.preorder ? 0 : plan.km,
    price,
    before_price: beforePrice,
    offer_price: offerPrice,
    subscription_price: subscriptionPrice,
    price_type: carType === "new" && random.chance(0.3) ? "Excl. Govt. Charges" : "Drive Away",
    status,
    car_type: carType,
    item_type: spec.item,
    stocknum,
    vin: vin(spec.make, year, random),
    nvic: flags.noNvic ? "" : Array.from({ length: 6 }, () => random.pick(VIN_CHARS.split(""))).join(""),
    regplate: registered ? plate(state, random) : "",
    rego_expiry: regoExpiry,
    compliance_date: isoDate(complianceMs),
    build_date: buildDate,
    tag: flags.customTag,
    reserved: available && flags.reserved,
    certified: flags.certified,
    preorder: flags.preorder,
    created_at: new Date(createdMs).toISOString(),
    updated_at: new Date(updatedMs).toISOString(),
    sold_at: soldAtMs ? new Date(soldAtMs).toISOString() : "",
    photos_count: images.length,
    simple_body: spec.body,
    simple_transmission: powered ? transmissionOf(pt) : "",
    simple_fuel: powered ? pt.fuel : "",
    simple_drive: powered ? pt.drive : "",
    drive: powered ? DRIVE_LABELS[pt.drive] : "",
    trans: powered ? pt.gear : "",
    body: spec.bodyLabel,
    seats: spec.seats,
    doors: spec.doors,
    engine_size: powered ? (pt.cc ?? 0) : 0,
    engine_size_litres: powered && pt.cc ? Math.round(pt.cc / 100) / 10 : 0,
    fuel: powered ? FUEL_LABELS[pt.fuel] : "",
    images,
    primary_image_url: images[0]?.url ?? "",
    video_url: flags.video ? walkaroundUrl(family, plan.paint.hex) : "",
    external_video_url: "",
    spin_images: spinImages,
    spin_interior_image: flags.spin === "full" ? vehicleImageUrl(family, plan.interior.hex, "interior", 0) : "",
    hotspots,
    dealercomments: "",
    dealership_slug: outlet.dealership.slug,
    dealership_id: outlet.dealership.id,
    dealership_name: outlet.dealership.name,
    location_id: location.id,
    location: locationRef(location),
    city: location.address.city,
    state,
    private_suburb: "",
    private_postcode: "",
    carsales_title: "",
    categories: [
      ...new Set([
        ...spec.categories,
        ...(pt.fuel === "Electric" ? ["Electric"] : pt.fuel.includes("Hybrid") && powered ? ["Hybrid"] : []),
      ]),
    ],
    standardEquipment: features,
    file: flags.file ? historyReportUrl(id) : "",
    variant: powered
      ? {
          cylinders: pt.cylinders,
          enginesize: pt.cc,
          enginesize_litres: pt.cc ? Math.round(pt.cc / 100) / 10 : null,
          induction: pt.induction,
          geartype: pt.gear,
          fuelconsumptioncombined: pt.consumption,
          fuelcapacity: spec.tank,
          grossvehiclemass: badge.gvm ?? spec.gvm,
          vehiclelength: spec.size[0],
          vehiclewidth: spec.size[1],
          vehicleheight: spec.size[2],
          towingcapacitybraked: badge.tow ?? spec.tow,
          torque: pt.torque,
          bodyconfiguration: spec.bodyLabel,
          ancaprating: spec.ancap,
        }
      : {
          cylinders: null,
          enginesize: null,
          enginesize_litres: null,
          induction: null,
          geartype: null,
          fuelconsumptioncombined: null,
          fuelcapacity: null,
          grossvehiclemass: null,
          vehiclelength: spec.size[0],
          vehiclewidth: spec.size[1],
          vehicleheight: spec.size[2],
          towingcapacitybraked: null,
          torque: null,
          bodyconfiguration: null,
          ancaprating: null,
        },
    caravan: caravanSpecs(spec, badge),
    autograb_data: autograb,
    youxQuote,
    finance_lenders: flags.lenders && sellingPrice > 0 ? financeLenders(sellingPrice, random) : null,
    payment_processors: [],
    show_on_dealer_website: !flags.hidden,
    custom_rank: random.int(0, 1000) + (flags.customTag === "runout sale" ? 500 : 0),
  };
  vehicle.carsales_title = classifiedsTitle(vehicle);
  vehicle.dealercomments = dealerComment(
    {
      year,
      make: spec.make,
      model: spec.model,
      badge: badge.name,
      colour: plan.paint.name,
      interior: plan.interior.name,
      carType,
      itemType: spec.item,
      km: vehicle.km,
      dealershipName: outlet.dealership.name,
      phone: dealerPhone,
      features,
    },
    flags.comments,
    random,
  );
  vehicle.payment_processors = paymentProcessorsFor(vehicle, tenant);
  return vehicle;
}

function caravanSpecs(spec: ModelSpec, badge: BadgeSpec): Vehicle["caravan"] {
  const layout = badge.caravan ?? spec.caravan;
  if (!layout) return null;
  return {
    body_width: layout.bodyWidth,
    body_length: layout.bodyLength,
    tare_weight: layout.tare,
    axle_type: layout.axle,
    sleeps: layout.sleeps,
    aggregate_trailer_mass: layout.atm,
  };
}

const LENDERS = ["Macquarie Leasing", "Angle Auto Finance", "Pepper Money", "Westpac Auto"];

function financeLenders(price: number, random: Random): Vehicle["finance_lenders"] {
  const out: NonNullable<Vehicle["finance_lenders"]> = {};
  for (const lender of random.sample(LENDERS, random.int(1, 3))) {
    const rate = Math.round(random.range(6.99, 12.49) * 100) / 100;
    const deposit = Math.round((price * 0.1) / 100) * 100;
    const fees = random.pick([395, 495, 595]);
    const weekly = weeklyRepayment(price - deposit + fees, rate, 5);
    out[lender] = {
      interestRate: rate,
      comparisonRate: Math.round((rate + random.range(0.3, 1.1)) * 100) / 100,
      paymentWeek: Math.round(weekly),
      paymentMonth: Math.round(weekly * 4.33),
      deposit,
      termYears: 5,
      balloon: 0,
      establishmentFees: fees,
      totalPayable: Math.round(weekly * 260 + deposit),
      financeProvider: lender,
      disclaimer: `Indicative repayment from ${lender} over 5 years with a 10% deposit, subject to credit approval. Fees and charges apply.`,
    };
  }
  return out;
}

function exteriorHotspots(family: BodyFamily, spec: ModelSpec, badge: BadgeSpec, features: string[]): Hotspot[] {
  const wheelInches =
    spec.item === "motorcycle"
      ? 17
      : spec.item === "truck"
        ? 17.5
        : 16 + Math.min(4, badge.tier + (spec.body === "suv" || spec.body === "ute" ? 2 : 1));
  const wanted: [ExteriorFeature, string, string][] = [
    [
      "wheel",
      spec.item === "caravan" ? "Off-road independent suspension" : `${wheelInches}-inch wheels`,
      spec.item === "caravan"
        ? "Tandem axles with electric brakes for a stable tow."
        : "Alloy wheels fitted with quality all-season tyres.",
    ],
    ["headlight", "LED headlights", "Bright, efficient lighting with automatic high beam on this grade."],
    ["taillight", "LED tail lights", "Distinctive lighting signature that is easy to see day and night."],
    [
      "side",
      features[0] ?? "Factory options",
      features.length >= 3
        ? `Also fitted: ${features[1]} and ${features[2]}.`
        : "Ask us for the full list of options fitted to this vehicle.",
    ],
  ];
  const out: Hotspot[] = [];
  for (const [feature, title, description] of wanted) {
    for (const angle of [3, 2, 4, 21, 0, 6, 9, 12, 15, 18]) {
      const spot = locateFeature(family, feature, angle);
      if (!spot.visible) continue;
      out.push({ angle, x: spot.x, y: spot.y, title, description });
      break;
    }
  }
  return out;
}

function interiorHotspots(family: BodyFamily, spec: ModelSpec, trim: string, features: string[]): Hotspot[] {
  const spots: [Parameters<typeof locateInteriorFeature>[1], string, string][] =
    spec.item === "caravan"
      ? [
          ["dinette", "Cafe dinette", `Seats the family around the table, trimmed in ${trim.toLowerCase()}.`],
          ["screen", "Large front window", "Lets in plenty of light with a block-out blind and flyscreen."],
        ]
      : spec.item === "motorcycle"
        ? [
            ["dash", "TFT display", "Full-colour display with riding modes and smartphone connectivity."],
            ["seats", trim, "Comfortable two-up seat."],
          ]
        : [
            ["steering", "Multi-function steering wheel", "Audio, phone and cruise controls at your fingertips."],
            [
              "screen",
              "Touchscreen infotainment",
              features.includes("Apple CarPlay")
                ? "Apple CarPlay and Android Auto on a crisp touchscreen."
                : "Bluetooth audio and phone on a crisp touchscreen.",
            ],
            ["seats", `${trim} trim`, "Supportive front seats with plenty of adjustment."],
          ];
  const out: Hotspot[] = [];
  for (const [feature, title, description] of spots) {
    const place = locateInteriorFeature(family, feature);
    if (place) out.push({ angle: 0, x: place.x, y: place.y, title, description });
  }
  return out;
}
