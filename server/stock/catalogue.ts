/**
 * What Australian dealers stock: makes, models, badges, series codes, powertrains and dimensions,
 * close enough to the real thing that demo stock reads like a real feed. Prices are recommended
 * retail (drive-away, rounded) for the current model year.
 */
import type { ItemType } from "~/domain/vehicle";

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

function pt(
  fuel: Fuel,
  engine: [cylinders: number, cc: number, induction: string] | null,
  gear: string,
  drive: Drive,
  consumption: number | null,
  torque: number | null,
): Powertrain {
  return {
    fuel,
    cylinders: engine ? engine[0] : null,
    cc: engine ? engine[1] : null,
    induction: engine ? engine[2] : "Electric",
    gear,
    drive,
    consumption,
    torque,
  };
}

export function transmissionOf(p: Powertrain): "Automatic" | "Manual" {
  return manual(p.gear) ? "Manual" : "Automatic";
}

const ev = (drive: Drive, torque: number) => pt("Electric", null, "1 Speed Reduction Gear", drive, null, torque);
const b = (name: string, rrp: number, p: Powertrain, tier: number, extra: Partial<BadgeSpec> = {}): BadgeSpec => ({
  name,
  rrp,
  pt: p,
  tier,
  ...extra,
});
const g = (series: string, from: number, to: number): Generation => ({ series, from, to });

interface ModelInput extends Omit<ModelSpec, "categories" | "popularity" | "gvm" | "tank" | "tow" | "ancap"> {
  categories?: string[];
  popularity?: number;
  gvm?: number | null;
  tank?: number | null;
  tow?: number | null;
  ancap?: number | null;
}
const model = (input: ModelInput): ModelSpec => ({
  categories: [],
  popularity: 1,
  gvm: null,
  tank: null,
  tow: null,
  ancap: null,
  ...input,
});

// Powertrains shared by several models.
const TOYOTA_28D = pt("Diesel", [4, 2755, "Turbo"], "6 Speed Automatic", "4WD", 7.9, 500);
const TOYOTA_24D = pt("Diesel", [4, 2393, "Turbo"], "6 Speed Automatic", "RWD", 7.6, 400);
const TOYOTA_25H = pt("Hybrid", [4, 2487, "Aspirated"], "Continuous Variable", "FWD", 4.7, 221);
const TOYOTA_25H_AWD = pt("Hybrid", [4, 2487, "Aspirated"], "Continuous Variable", "AWD", 4.8, 221);
const TOYOTA_33D = pt("Diesel", [6, 3346, "Twin Turbo"], "10 Speed Automatic", "4WD", 8.9, 700);
const HY_20P = pt("Petrol", [4, 1999, "Aspirated"], "Continuous Variable", "FWD", 6.4, 192);
const HY_16T = pt("Petrol", [4, 1598, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 6.8, 265);
const MZ_20P = pt("Petrol", [4, 1998, "Aspirated"], "6 Speed Automatic", "FWD", 6.9, 200);
const MZ_25P = pt("Petrol", [4, 2488, "Aspirated"], "6 Speed Automatic", "AWD", 7.4, 252);
const MZ_30D = pt("Diesel", [4, 2999, "Turbo"], "6 Speed Automatic", "4WD", 8.0, 450);
const GWM_24D = pt("Diesel", [4, 2378, "Turbo"], "8 Speed Automatic", "4WD", 9.4, 480);
const HAVAL_15T = pt("Petrol", [4, 1497, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 8.1, 210);
const HAVAL_15H = pt("Hybrid", [4, 1497, "Aspirated"], "2 Speed Dedicated Hybrid", "FWD", 5.0, 375);
const HAVAL_20T = pt("Petrol", [4, 1967, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 7.4, 325);
const TANK_20T = pt("Petrol", [4, 1967, "Turbo"], "8 Speed Automatic", "4WD", 9.5, 380);
const TANK_20H = pt("Hybrid", [4, 1967, "Turbo"], "9 Speed Automatic", "4WD", 8.5, 648);

export const CATALOGUE: ModelSpec[] = [
  // Toyota
  model({
    make: "Toyota", model: "HiLux", item: "car", body: "ute", bodyLabel: "Double Cab Pick Up", doors: 4, seats: 5,
    gens: [g("KUN26R", 2008, 2015), g("GUN126R", 2015, 2026)],
    badges: [b("Workmate", 42990, TOYOTA_24D, 0), b("SR", 55990, TOYOTA_28D, 1), b("SR5", 66990, TOYOTA_28D, 2), b("Rogue", 74990, TOYOTA_28D, 3)],
    size: [5325, 1900, 1815], gvm: 3050, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 5,
  }),
  model({
    make: "Toyota", model: "RAV4", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("ASA44R", 2013, 2019), g("AXAH54R", 2019, 2026)],
    badges: [b("GX", 43990, TOYOTA_25H, 0), b("GXL", 50990, TOYOTA_25H_AWD, 1), b("Cruiser", 57990, TOYOTA_25H_AWD, 2), b("Edge", 59990, pt("Petrol", [4, 2487, "Aspirated"], "8 Speed Automatic", "AWD", 7.3, 243), 3)],
    size: [4600, 1855, 1685], gvm: 2180, tank: 55, tow: 1500, ancap: 5, categories: ["Family"], popularity: 5,
  }),
  model({
    make: "Toyota", model: "Corolla", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("ZRE182R", 2012, 2018), g("MZEA12R", 2018, 2026)],
    badges: [b("Ascent Sport", 31990, pt("Petrol", [4, 1987, "Aspirated"], "Continuous Variable", "FWD", 6.0, 205), 0), b("SX Hybrid", 36990, pt("Hybrid", [4, 1798, "Aspirated"], "Continuous Variable", "FWD", 4.0, 142), 1), b("ZR Hybrid", 41990, pt("Hybrid", [4, 1798, "Aspirated"], "Continuous Variable", "FWD", 4.0, 142), 3)],
    size: [4375, 1790, 1435], gvm: 1800, tank: 50, tow: 0, ancap: 5, categories: ["City"], popularity: 4,
  }),
  model({
    make: "Toyota", model: "Camry", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("ASV50R", 2011, 2017), g("AXVH71R", 2017, 2024), g("AXVH80R", 2024, 2026)],
    badges: [b("Ascent Hybrid", 41990, TOYOTA_25H, 0), b("SX Hybrid", 46990, TOYOTA_25H, 1), b("SL Hybrid", 52990, TOYOTA_25H, 3)],
    size: [4915, 1840, 1445], gvm: 2100, tank: 50, tow: 1200, ancap: 5, categories: ["Family"], popularity: 2,
  }),
  model({
    make: "Toyota", model: "LandCruiser 300", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("FJA300R", 2021, 2026)],
    badges: [b("GX", 97990, TOYOTA_33D, 0), b("GXL", 105990, TOYOTA_33D, 1), b("VX", 117990, TOYOTA_33D, 2), b("Sahara", 134990, TOYOTA_33D, 3), b("GR Sport", 143990, TOYOTA_33D, 3)],
    size: [4985, 1980, 1945], gvm: 3280, tank: 110, tow: 3500, ancap: 5, categories: ["4x4", "Off Road", "Luxury"], popularity: 2,
  }),
  model({
    make: "Toyota", model: "LandCruiser Prado", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("GDJ150R", 2015, 2024), g("GDJ250R", 2024, 2026)],
    badges: [b("GX", 72990, pt("Diesel", [4, 2755, "Turbo"], "8 Speed Automatic", "4WD", 7.9, 500), 0), b("GXL", 80990, pt("Diesel", [4, 2755, "Turbo"], "8 Speed Automatic", "4WD", 7.9, 500), 1), b("VX", 92990, pt("Diesel", [4, 2755, "Turbo"], "8 Speed Automatic", "4WD", 7.9, 500), 2), b("Kakadu", 100990, pt("Diesel", [4, 2755, "Turbo"], "8 Speed Automatic", "4WD", 7.9, 500), 3)],
    size: [4925, 1980, 1935], gvm: 3000, tank: 110, tow: 3500, ancap: 5, categories: ["4x4", "Off Road", "Family"], popularity: 3,
  }),
  model({
    make: "Toyota", model: "Kluger", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("GSU55R", 2013, 2021), g("AXUH78R", 2021, 2026)],
    badges: [b("GX Hybrid", 62990, TOYOTA_25H_AWD, 0), b("GXL Hybrid", 72990, TOYOTA_25H_AWD, 2), b("Grande Hybrid", 85990, TOYOTA_25H_AWD, 3)],
    size: [4966, 1930, 1755], gvm: 2620, tank: 65, tow: 2000, ancap: 5, categories: ["Family"], popularity: 2,
  }),
  model({
    make: "Toyota", model: "bZ4X", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("XEAM10R", 2022, 2026)],
    badges: [b("FWD", 60990, ev("FWD", 266), 1), b("AWD", 70990, ev("AWD", 337), 3)],
    size: [4690, 1860, 1650], gvm: 2465, tank: null, tow: 750, ancap: 5, categories: ["Electric"], popularity: 1,
  }),
  model({
    make: "Toyota", model: "HiAce", item: "car", body: "van", bodyLabel: "Van", doors: 4, seats: 2,
    gens: [g("GDH300R", 2019, 2026)],
    badges: [b("LWB", 55990, pt("Diesel", [4, 2755, "Turbo"], "6 Speed Automatic", "RWD", 8.4, 450), 0), b("SLWB", 60990, pt("Diesel", [4, 2755, "Turbo"], "6 Speed Automatic", "RWD", 8.6, 450), 1)],
    size: [5265, 1950, 1990], gvm: 3300, tank: 70, tow: 1500, ancap: 5, categories: ["Commercial", "Work Ready"], popularity: 1,
  }),
  model({
    make: "Toyota", model: "Yaris Cross", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("MXPJ10R", 2020, 2026)],
    badges: [b("GX", 31990, pt("Petrol", [3, 1490, "Aspirated"], "Continuous Variable", "FWD", 5.4, 145), 0), b("GXL Hybrid", 37990, pt("Hybrid", [3, 1490, "Aspirated"], "Continuous Variable", "FWD", 3.8, 120), 1), b("Urban Hybrid", 40990, pt("Hybrid", [3, 1490, "Aspirated"], "Continuous Variable", "FWD", 3.8, 120), 3)],
    size: [4180, 1765, 1595], gvm: 1620, tank: 36, tow: 400, ancap: 5, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Toyota", model: "86", item: "car", body: "coupe", bodyLabel: "2D Coupe", doors: 2, seats: 4,
    gens: [g("ZN6", 2012, 2021), g("ZN8", 2022, 2026)],
    badges: [b("GT", 43990, pt("Petrol", [4, 2387, "Aspirated"], "6 Speed Manual", "RWD", 9.5, 250), 1), b("GTS", 49990, pt("Petrol", [4, 2387, "Aspirated"], "6 Speed Automatic", "RWD", 8.8, 250), 3)],
    size: [4265, 1775, 1310], gvm: 1690, tank: 50, tow: 0, ancap: null, categories: ["Performance"], popularity: 0.5,
  }),

  // Hyundai
  model({
    make: "Hyundai", model: "i30", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("GD", 2012, 2017), g("PD", 2017, 2026)],
    badges: [b("Active", 27990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 7.4, 203), 0), b("Elite", 32990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 7.4, 203), 2), b("N Line", 33990, HY_16T, 2), b("N", 50990, pt("Petrol", [4, 1998, "Turbo"], "8 Speed Auto-Dual Clutch", "FWD", 8.5, 392), 3)],
    size: [4340, 1795, 1455], gvm: 1820, tank: 50, tow: 1300, ancap: 5, categories: ["City"], popularity: 4,
  }),
  model({
    make: "Hyundai", model: "i30 Sedan", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("CN7", 2020, 2026)],
    badges: [b("Active", 29990, HY_20P, 0), b("Elite", 33990, HY_20P, 2), b("Hybrid", 35990, pt("Hybrid", [4, 1580, "Aspirated"], "6 Speed Auto-Dual Clutch", "FWD", 3.9, 265), 1), b("N", 52990, pt("Petrol", [4, 1998, "Turbo"], "6 Speed Manual", "FWD", 8.5, 392), 3)],
    size: [4710, 1825, 1415], gvm: 1760, tank: 47, tow: 1200, ancap: 5, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Hyundai", model: "Tucson", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("TL", 2015, 2021), g("NX4", 2021, 2026)],
    badges: [b("Tucson", 35990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 8.1, 192), 0), b("Elite", 43990, pt("Petrol", [4, 1598, "Turbo"], "7 Speed Auto-Dual Clutch", "AWD", 7.2, 265), 2), b("Highlander", 52990, pt("Diesel", [4, 1998, "Turbo"], "8 Speed Automatic", "AWD", 6.3, 416), 3), b("Hybrid Elite", 51990, pt("Hybrid", [4, 1598, "Turbo"], "6 Speed Automatic", "AWD", 5.5, 350), 2)],
    size: [4630, 1865, 1665], gvm: 2250, tank: 54, tow: 1900, ancap: 5, categories: ["Family"], popularity: 5,
  }),
  model({
    make: "Hyundai", model: "Kona", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("OS", 2017, 2023), g("SX2", 2023, 2026)],
    badges: [b("Kona", 30990, HY_20P, 0), b("Premium Hybrid", 44990, pt("Hybrid", [4, 1580, "Aspirated"], "6 Speed Auto-Dual Clutch", "FWD", 3.9, 265), 2), b("Electric Extended Range", 60990, ev("FWD", 255), 3)],
    size: [4350, 1825, 1580], gvm: 1870, tank: 47, tow: 1300, ancap: 5, categories: ["City"], popularity: 3,
  }),
  model({
    make: "Hyundai", model: "Santa Fe", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("TM", 2018, 2024), g("MX5", 2024, 2026)],
    badges: [b("Santa Fe", 52990, pt("Petrol", [4, 2497, "Turbo"], "8 Speed Auto-Dual Clutch", "AWD", 9.0, 422), 0), b("Elite Hybrid", 64990, pt("Hybrid", [4, 1598, "Turbo"], "6 Speed Automatic", "AWD", 5.6, 367), 2), b("Calligraphy Hybrid", 75990, pt("Hybrid", [4, 1598, "Turbo"], "6 Speed Automatic", "AWD", 5.6, 367), 3)],
    size: [4830, 1900, 1780], gvm: 2650, tank: 67, tow: 2000, ancap: 5, categories: ["Family"], popularity: 2,
  }),
  model({
    make: "Hyundai", model: "Ioniq 5", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("NE", 2021, 2026)],
    badges: [b("Dynamiq", 65990, ev("RWD", 350), 1), b("Techniq", 72990, ev("AWD", 605), 2), b("Epiq", 80990, ev("AWD", 605), 3)],
    size: [4635, 1890, 1605], gvm: 2530, tank: null, tow: 1600, ancap: 5, categories: ["Electric"], popularity: 1.5,
  }),
  model({
    make: "Hyundai", model: "Venue", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("QX", 2019, 2026)],
    badges: [b("Venue", 24990, pt("Petrol", [4, 1598, "Aspirated"], "6 Speed Automatic", "FWD", 7.0, 151), 0), b("Active", 26990, pt("Petrol", [4, 1598, "Aspirated"], "6 Speed Automatic", "FWD", 7.0, 151), 1), b("Elite", 29990, pt("Petrol", [4, 1598, "Aspirated"], "6 Speed Automatic", "FWD", 7.0, 151), 2)],
    size: [4040, 1770, 1592], gvm: 1640, tank: 45, tow: 1000, ancap: 3, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Hyundai", model: "Staria", item: "car", body: "peopleMover", bodyLabel: "Wagon", doors: 4, seats: 8,
    gens: [g("US4", 2021, 2026)],
    badges: [b("Staria", 55990, pt("Diesel", [4, 2199, "Turbo"], "8 Speed Automatic", "AWD", 8.2, 430), 0), b("Elite", 63990, pt("Diesel", [4, 2199, "Turbo"], "8 Speed Automatic", "AWD", 8.2, 430), 2), b("Highlander", 72990, pt("Diesel", [4, 2199, "Turbo"], "8 Speed Automatic", "AWD", 8.2, 430), 3)],
    size: [5253, 1997, 1990], gvm: 3000, tank: 75, tow: 2500, ancap: null, categories: ["Family"], popularity: 1,
  }),
  model({
    make: "Hyundai", model: "iLoad", item: "car", body: "van", bodyLabel: "Van", doors: 4, seats: 3,
    gens: [g("TQ", 2008, 2021)],
    badges: [b("Crew Cab", 45990, pt("Diesel", [4, 2497, "Turbo"], "5 Speed Automatic", "RWD", 8.8, 441), 0)],
    size: [5150, 1920, 1935], gvm: 3160, tank: 75, tow: 1500, ancap: 4, categories: ["Commercial"], popularity: 0.5,
  }),

  // Mazda
  model({
    make: "Mazda", model: "CX-5", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("KE", 2012, 2017), g("KF", 2017, 2026)],
    badges: [b("Maxx", 36990, MZ_20P, 0), b("Maxx Sport", 41990, MZ_25P, 1), b("Touring", 45990, MZ_25P, 2), b("GT SP", 52990, pt("Petrol", [4, 2488, "Turbo"], "6 Speed Automatic", "AWD", 8.2, 420), 3), b("Akera", 55990, pt("Petrol", [4, 2488, "Turbo"], "6 Speed Automatic", "AWD", 8.2, 420), 3)],
    size: [4575, 1845, 1680], gvm: 2195, tank: 58, tow: 1800, ancap: 5, categories: ["Family"], popularity: 5,
  }),
  model({
    make: "Mazda", model: "CX-3", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("DK", 2015, 2026)],
    badges: [b("Neo Sport", 27990, MZ_20P, 0), b("Maxx Sport", 31990, MZ_20P, 1), b("Akari", 37990, MZ_20P, 3)],
    size: [4275, 1765, 1535], gvm: 1690, tank: 48, tow: 1200, ancap: 4, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Mazda", model: "3", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("BM", 2013, 2016), g("BN", 2016, 2019), g("BP", 2019, 2026)],
    badges: [b("G20 Pure", 31990, MZ_20P, 0), b("G20 Evolve", 33990, MZ_20P, 1), b("G25 GT", 38990, pt("Petrol", [4, 2488, "Aspirated"], "6 Speed Automatic", "FWD", 6.6, 252), 2), b("G25 Astina", 43990, pt("Petrol", [4, 2488, "Aspirated"], "6 Speed Automatic", "FWD", 6.6, 252), 3)],
    size: [4460, 1795, 1435], gvm: 1825, tank: 51, tow: 1200, ancap: 5, categories: ["City"], popularity: 3,
  }),
  model({
    make: "Mazda", model: "CX-30", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("DM", 2019, 2026)],
    badges: [b("G20 Pure", 33990, MZ_20P, 0), b("G20 Evolve", 36990, MZ_20P, 1), b("G25 Astina", 46990, MZ_25P, 3)],
    size: [4395, 1795, 1540], gvm: 1905, tank: 51, tow: 1200, ancap: 5, categories: ["City"], popularity: 3,
  }),
  model({
    make: "Mazda", model: "CX-60", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("KH", 2022, 2026)],
    badges: [b("G40e Evolve", 62990, pt("Hybrid", [6, 3283, "Turbo"], "8 Speed Automatic", "AWD", 7.4, 450), 1), b("D50e GT", 71990, pt("Diesel", [6, 3283, "Turbo"], "8 Speed Automatic", "AWD", 4.9, 550), 2), b("P50e Azami", 82990, pt("Plug-in Hybrid", [4, 2488, "Aspirated"], "8 Speed Automatic", "AWD", 2.1, 500), 3)],
    size: [4745, 1890, 1680], gvm: 2625, tank: 58, tow: 2500, ancap: 5, categories: ["Luxury"], popularity: 1,
  }),
  model({
    make: "Mazda", model: "BT-50", item: "car", body: "ute", bodyLabel: "Dual Cab Pick-up", doors: 4, seats: 5,
    gens: [g("UR", 2015, 2020), g("TF", 2020, 2026)],
    badges: [b("XT", 55990, MZ_30D, 0), b("XTR", 61990, MZ_30D, 1), b("GT", 64990, MZ_30D, 2), b("Thunder", 70990, MZ_30D, 3)],
    size: [5280, 1870, 1810], gvm: 3100, tank: 76, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 3,
  }),
  model({
    make: "Mazda", model: "MX-5", item: "car", body: "convertible", bodyLabel: "2D Roadster", doors: 2, seats: 2,
    gens: [g("NC", 2008, 2015), g("ND", 2015, 2026)],
    badges: [b("Roadster", 44990, pt("Petrol", [4, 1998, "Aspirated"], "6 Speed Manual", "RWD", 6.9, 205), 1), b("Roadster GT", 49990, pt("Petrol", [4, 1998, "Aspirated"], "6 Speed Automatic", "RWD", 6.9, 205), 3)],
    size: [3915, 1735, 1235], gvm: 1240, tank: 45, tow: 0, ancap: 5, categories: ["Performance"], popularity: 0.7,
  }),
  model({
    make: "Mazda", model: "CX-90", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("KK", 2023, 2026)],
    badges: [b("Touring", 78990, pt("Petrol", [6, 3283, "Turbo"], "8 Speed Automatic", "AWD", 8.2, 500), 1), b("GT", 87990, pt("Petrol", [6, 3283, "Turbo"], "8 Speed Automatic", "AWD", 8.2, 500), 2), b("Azami", 98990, pt("Diesel", [6, 3283, "Turbo"], "8 Speed Automatic", "AWD", 5.4, 550), 3)],
    size: [5100, 1994, 1745], gvm: 2845, tank: 74, tow: 2500, ancap: 5, categories: ["Family", "Luxury"], popularity: 1,
  }),

  // GWM and Haval
  model({
    make: "GWM", model: "Ute Cannon", item: "car", body: "ute", bodyLabel: "Dual Cab Utility", doors: 4, seats: 5,
    gens: [g("NPW", 2020, 2026)],
    badges: [b("Cannon", 37990, GWM_24D, 0), b("Cannon-L", 41990, GWM_24D, 1), b("Cannon-X", 45990, GWM_24D, 3), b("Cannon-XSR", 48990, GWM_24D, 3)],
    size: [5410, 1934, 1886], gvm: 3150, tank: 78, tow: 3000, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 5,
  }),
  model({
    make: "GWM", model: "Cannon Alpha", item: "car", body: "ute", bodyLabel: "Dual Cab Utility", doors: 4, seats: 5,
    gens: [g("MY24", 2024, 2024), g("MY25", 2025, 2025), g("MY26", 2026, 2026)],
    badges: [b("Lux", 53990, GWM_24D, 1), b("Ultra", 59990, GWM_24D, 3), b("Ultra Hybrid", 64990, pt("Hybrid", [4, 1967, "Turbo"], "9 Speed Automatic", "4WD", 8.3, 648), 3)],
    size: [5445, 1991, 1924], gvm: 3300, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 3,
  }),
  model({
    make: "GWM", model: "Ora", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("MY23", 2022, 2023), g("MY24", 2024, 2024), g("MY25", 2025, 2026)],
    badges: [b("Standard Range", 36990, ev("FWD", 250), 0), b("Extended Range Ultra", 45990, ev("FWD", 250), 2), b("GT", 47990, ev("FWD", 250), 3)],
    size: [4235, 1825, 1603], gvm: 1950, tank: null, tow: 0, ancap: 5, categories: ["Electric", "City"], popularity: 2,
  }),
  model({
    make: "GWM", model: "Tank 300", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("MY23", 2022, 2023), g("MY24", 2024, 2024), g("MY25", 2025, 2026)],
    badges: [b("Lux", 50990, TANK_20T, 1), b("Ultra", 55990, TANK_20T, 3), b("Hybrid Ultra", 61990, TANK_20H, 3)],
    size: [4760, 1930, 1903], gvm: 2750, tank: 75, tow: 2500, ancap: 5, categories: ["4x4", "Off Road"], popularity: 3,
  }),
  model({
    make: "GWM", model: "Tank 500", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("MY24", 2024, 2024), g("MY25", 2025, 2026)],
    badges: [b("Lux Hybrid", 66990, TANK_20H, 2), b("Ultra Hybrid", 71990, TANK_20H, 3)],
    size: [5078, 1934, 1905], gvm: 3200, tank: 80, tow: 3000, ancap: 5, categories: ["4x4", "Family"], popularity: 1.5,
  }),
  model({
    make: "Haval", model: "Jolion", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("A01", 2021, 2026)],
    badges: [b("Premium", 28990, HAVAL_15T, 0), b("Lux", 31990, HAVAL_15T, 1), b("Ultra", 34990, HAVAL_15T, 3), b("Ultra Hybrid", 38990, HAVAL_15H, 3)],
    size: [4472, 1841, 1574], gvm: 1850, tank: 55, tow: 1200, ancap: 5, categories: ["City"], popularity: 5,
  }),
  model({
    make: "Haval", model: "H6", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("B01", 2021, 2026)],
    badges: [b("Premium", 36990, HAVAL_20T, 0), b("Lux", 40990, HAVAL_20T, 1), b("Ultra", 44990, pt("Petrol", [4, 1967, "Turbo"], "7 Speed Auto-Dual Clutch", "AWD", 8.1, 325), 3), b("Ultra Hybrid", 47990, pt("Hybrid", [4, 1497, "Turbo"], "2 Speed Dedicated Hybrid", "FWD", 5.2, 530), 3)],
    size: [4653, 1886, 1724], gvm: 2195, tank: 61, tow: 2000, ancap: 5, categories: ["Family"], popularity: 4,
  }),
  model({
    make: "Haval", model: "H6GT", item: "car", body: "suv", bodyLabel: "4D Coupe", doors: 4, seats: 5,
    gens: [g("B01", 2022, 2026)],
    badges: [b("Lux", 41990, HAVAL_20T, 1), b("Ultra", 46990, pt("Petrol", [4, 1967, "Turbo"], "7 Speed Auto-Dual Clutch", "AWD", 8.1, 325), 3)],
    size: [4727, 1940, 1729], gvm: 2150, tank: 61, tow: 2000, ancap: 5, categories: ["Family"], popularity: 1.5,
  }),

  // Makes a used-car yard sees every week
  model({
    make: "Ford", model: "Ranger", item: "car", body: "ute", bodyLabel: "Double Cab Pick Up", doors: 4, seats: 5,
    gens: [g("PX", 2011, 2015), g("PX MkII", 2015, 2018), g("PX MkIII", 2018, 2022), g("PY", 2022, 2026)],
    badges: [b("XL", 45990, pt("Diesel", [4, 1996, "Turbo"], "6 Speed Automatic", "4WD", 7.6, 405), 0), b("XLT", 62990, pt("Diesel", [4, 1996, "Twin Turbo"], "10 Speed Automatic", "4WD", 7.5, 500), 1), b("Wildtrak", 71990, pt("Diesel", [6, 2993, "Turbo"], "10 Speed Automatic", "4WD", 8.4, 600), 3), b("Raptor", 90990, pt("Petrol", [6, 2956, "Twin Turbo"], "10 Speed Automatic", "4WD", 11.5, 583), 3)],
    size: [5370, 1918, 1884], gvm: 3280, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 5,
  }),
  model({
    make: "Ford", model: "Everest", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("UA II", 2018, 2022), g("UB", 2022, 2026)],
    badges: [b("Trend", 67990, pt("Diesel", [4, 1996, "Twin Turbo"], "10 Speed Automatic", "4WD", 7.1, 500), 1), b("Sport", 72990, pt("Diesel", [6, 2993, "Turbo"], "10 Speed Automatic", "4WD", 8.4, 600), 2), b("Platinum", 82990, pt("Diesel", [6, 2993, "Turbo"], "10 Speed Automatic", "4WD", 8.4, 600), 3)],
    size: [4914, 1923, 1842], gvm: 3190, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Family"], popularity: 2,
  }),
  model({
    make: "Ford", model: "Mustang", item: "car", body: "coupe", bodyLabel: "2D Fastback", doors: 2, seats: 4,
    gens: [g("FM", 2015, 2017), g("FN", 2018, 2023), g("S650", 2024, 2026)],
    badges: [b("EcoBoost", 66990, pt("Petrol", [4, 2261, "Turbo"], "10 Speed Automatic", "RWD", 9.5, 441), 1), b("GT", 79990, pt("Petrol", [8, 5038, "Aspirated"], "10 Speed Automatic", "RWD", 12.7, 556), 3)],
    size: [4789, 1916, 1381], gvm: 2150, tank: 61, tow: 0, ancap: 3, categories: ["Performance"], popularity: 1,
  }),
  model({
    make: "Ford", model: "Focus", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("LW", 2011, 2015), g("LZ", 2015, 2018), g("SA", 2018, 2022)],
    badges: [b("Trend", 28990, pt("Petrol", [3, 1497, "Turbo"], "8 Speed Automatic", "FWD", 6.4, 240), 1), b("ST-Line", 31990, pt("Petrol", [3, 1497, "Turbo"], "8 Speed Automatic", "FWD", 6.4, 240), 2)],
    size: [4378, 1825, 1454], gvm: 1850, tank: 52, tow: 1200, ancap: 5, categories: ["City"], popularity: 1,
  }),
  model({
    make: "Ford", model: "Transit Custom", item: "car", body: "van", bodyLabel: "Van Low Roof SWB", doors: 4, seats: 3,
    gens: [g("VN", 2013, 2023), g("VO", 2024, 2026)],
    badges: [b("340S", 52990, pt("Diesel", [4, 1995, "Turbo"], "6 Speed Automatic", "FWD", 6.9, 385), 0)],
    size: [4973, 1986, 1963], gvm: 3400, tank: 70, tow: 2500, ancap: 5, categories: ["Commercial"], popularity: 0.7,
  }),
  model({
    make: "Kia", model: "Sportage", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("QL", 2016, 2021), g("NQ5", 2021, 2026)],
    badges: [b("S", 35990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 8.1, 192), 0), b("SX", 38990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 8.1, 192), 1), b("GT-Line", 52990, pt("Diesel", [4, 1998, "Turbo"], "8 Speed Automatic", "AWD", 6.3, 416), 3)],
    size: [4660, 1865, 1665], gvm: 2250, tank: 54, tow: 1900, ancap: 5, categories: ["Family"], popularity: 3,
  }),
  model({
    make: "Kia", model: "Cerato", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("YD", 2013, 2018), g("BD", 2018, 2024)],
    badges: [b("S", 27990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 7.4, 192), 0), b("Sport", 30990, pt("Petrol", [4, 1999, "Aspirated"], "6 Speed Automatic", "FWD", 7.4, 192), 1), b("GT", 38990, pt("Petrol", [4, 1591, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 6.8, 265), 3)],
    size: [4510, 1800, 1440], gvm: 1800, tank: 50, tow: 1100, ancap: 5, categories: ["City"], popularity: 3,
  }),
  model({
    make: "Kia", model: "Carnival", item: "car", body: "peopleMover", bodyLabel: "Wagon", doors: 4, seats: 8,
    gens: [g("YP", 2015, 2020), g("KA4", 2021, 2026)],
    badges: [b("S", 53990, pt("Diesel", [4, 2151, "Turbo"], "8 Speed Automatic", "FWD", 6.5, 440), 0), b("Si", 58990, pt("Diesel", [4, 2151, "Turbo"], "8 Speed Automatic", "FWD", 6.5, 440), 1), b("Platinum", 73990, pt("Petrol", [6, 3470, "Aspirated"], "8 Speed Automatic", "FWD", 9.6, 355), 3)],
    size: [5155, 1995, 1775], gvm: 2750, tank: 72, tow: 2000, ancap: 5, categories: ["Family"], popularity: 2,
  }),
  model({
    make: "Kia", model: "Sorento", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("UM", 2015, 2020), g("MQ4", 2020, 2026)],
    badges: [b("Sport", 52990, pt("Diesel", [4, 2151, "Turbo"], "8 Speed Auto-Dual Clutch", "AWD", 6.1, 440), 1), b("GT-Line", 66990, pt("Hybrid", [4, 1598, "Turbo"], "6 Speed Automatic", "AWD", 5.7, 350), 3)],
    size: [4810, 1900, 1700], gvm: 2650, tank: 67, tow: 2000, ancap: 5, categories: ["Family"], popularity: 1.5,
  }),
  model({
    make: "Kia", model: "EV6", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("CV", 2022, 2026)],
    badges: [b("Air", 72990, ev("RWD", 350), 1), b("GT-Line", 82990, ev("AWD", 605), 3)],
    size: [4695, 1890, 1550], gvm: 2490, tank: null, tow: 1600, ancap: 5, categories: ["Electric"], popularity: 0.8,
  }),
  model({
    make: "Mitsubishi", model: "Triton", item: "car", body: "ute", bodyLabel: "Double Cab Pick Up", doors: 4, seats: 5,
    gens: [g("MQ", 2015, 2018), g("MR", 2018, 2024), g("MV", 2024, 2026)],
    badges: [b("GLX+", 47990, pt("Diesel", [4, 2442, "Turbo"], "6 Speed Sports Automatic", "4WD", 8.6, 430), 1), b("GLS", 55990, pt("Diesel", [4, 2442, "Turbo"], "6 Speed Sports Automatic", "4WD", 8.6, 430), 2), b("GSR", 61990, pt("Diesel", [4, 2442, "Twin Turbo"], "6 Speed Sports Automatic", "4WD", 8.0, 470), 3)],
    size: [5320, 1865, 1795], gvm: 3150, tank: 75, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 3,
  }),
  model({
    make: "Mitsubishi", model: "Outlander", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 7,
    gens: [g("ZL", 2016, 2021), g("ZM", 2021, 2026)],
    badges: [b("ES", 37990, pt("Petrol", [4, 2488, "Aspirated"], "Continuous Variable", "FWD", 7.2, 245), 0), b("LS", 42990, pt("Petrol", [4, 2488, "Aspirated"], "Continuous Variable", "AWD", 7.5, 245), 1), b("Exceed PHEV", 66990, pt("Plug-in Hybrid", [4, 2360, "Aspirated"], "1 Speed Reduction Gear", "AWD", 1.5, 195), 3)],
    size: [4710, 1860, 1745], gvm: 2420, tank: 55, tow: 1600, ancap: 5, categories: ["Family"], popularity: 3,
  }),
  model({
    make: "Mitsubishi", model: "ASX", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("XC", 2010, 2019), g("XD", 2019, 2024)],
    badges: [b("ES", 27990, pt("Petrol", [4, 1998, "Aspirated"], "Continuous Variable", "FWD", 7.6, 197), 0), b("LS", 30990, pt("Petrol", [4, 1998, "Aspirated"], "Continuous Variable", "FWD", 7.6, 197), 1)],
    size: [4365, 1810, 1640], gvm: 1870, tank: 63, tow: 1300, ancap: 5, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Nissan", model: "Navara", item: "car", body: "ute", bodyLabel: "Dual Cab Pick Up", doors: 4, seats: 5,
    gens: [g("D40", 2008, 2015), g("D23", 2015, 2026)],
    badges: [b("SL", 48990, pt("Diesel", [4, 2298, "Twin Turbo"], "7 Speed Automatic", "4WD", 7.0, 450), 1), b("ST", 54990, pt("Diesel", [4, 2298, "Twin Turbo"], "7 Speed Automatic", "4WD", 7.0, 450), 2), b("ST-X", 60990, pt("Diesel", [4, 2298, "Twin Turbo"], "7 Speed Automatic", "4WD", 7.0, 450), 3)],
    size: [5255, 1850, 1840], gvm: 3150, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 2,
  }),
  model({
    make: "Nissan", model: "X-Trail", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("T32", 2014, 2022), g("T33", 2022, 2026)],
    badges: [b("ST", 37990, pt("Petrol", [4, 2488, "Aspirated"], "Continuous Variable", "FWD", 7.4, 251), 0), b("ST-L", 45990, pt("Petrol", [4, 2488, "Aspirated"], "Continuous Variable", "AWD", 7.8, 251), 2), b("Ti e-POWER", 58990, pt("Hybrid", [3, 1497, "Turbo"], "1 Speed Reduction Gear", "AWD", 6.1, 525), 3)],
    size: [4680, 1840, 1725], gvm: 2265, tank: 55, tow: 2000, ancap: 5, categories: ["Family"], popularity: 2,
  }),
  model({
    make: "Nissan", model: "Patrol", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 8,
    gens: [g("Y62", 2012, 2026)],
    badges: [b("Ti", 89990, pt("Petrol", [8, 5552, "Aspirated"], "7 Speed Automatic", "4WD", 14.4, 560), 2), b("Ti-L", 104990, pt("Petrol", [8, 5552, "Aspirated"], "7 Speed Automatic", "4WD", 14.4, 560), 3)],
    size: [5175, 1995, 1940], gvm: 3500, tank: 140, tow: 3500, ancap: null, categories: ["4x4", "Off Road"], popularity: 1,
  }),
  model({
    make: "Volkswagen", model: "Golf", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("7", 2013, 2017), g("7.5", 2017, 2020), g("8", 2020, 2026)],
    badges: [b("110TSI Life", 38990, pt("Petrol", [4, 1395, "Turbo"], "8 Speed Automatic", "FWD", 5.8, 250), 1), b("GTI", 59990, pt("Petrol", [4, 1984, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 7.0, 370), 3)],
    size: [4284, 1789, 1456], gvm: 1830, tank: 50, tow: 1500, ancap: 5, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Volkswagen", model: "Amarok", item: "car", body: "ute", bodyLabel: "Dual Cab Utility", doors: 4, seats: 5,
    gens: [g("2H", 2010, 2022), g("NF", 2023, 2026)],
    badges: [b("Core", 57990, pt("Diesel", [4, 1996, "Twin Turbo"], "10 Speed Automatic", "4WD", 7.6, 500), 1), b("Style", 68990, pt("Diesel", [4, 1996, "Twin Turbo"], "10 Speed Automatic", "4WD", 7.6, 500), 2), b("Aventura", 84990, pt("Diesel", [6, 2993, "Turbo"], "10 Speed Automatic", "4WD", 8.4, 600), 3)],
    size: [5350, 1910, 1884], gvm: 3270, tank: 80, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 1.5,
  }),
  model({
    make: "Volkswagen", model: "Tiguan", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("5N", 2016, 2024)],
    badges: [b("110TSI Life", 44990, pt("Petrol", [4, 1395, "Turbo"], "6 Speed Auto-Dual Clutch", "FWD", 7.0, 250), 1), b("162TSI R-Line", 61990, pt("Petrol", [4, 1984, "Turbo"], "7 Speed Auto-Dual Clutch", "AWD", 8.5, 350), 3)],
    size: [4509, 1839, 1665], gvm: 2200, tank: 58, tow: 2000, ancap: 5, categories: ["Family"], popularity: 1.5,
  }),
  model({
    make: "Subaru", model: "Forester", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("S4", 2012, 2018), g("S5", 2018, 2025), g("S6", 2025, 2026)],
    badges: [b("2.5i", 38990, pt("Petrol", [4, 2498, "Aspirated"], "Continuous Variable", "AWD", 7.4, 239), 0), b("2.5i-L", 41990, pt("Petrol", [4, 2498, "Aspirated"], "Continuous Variable", "AWD", 7.4, 239), 1), b("2.5i-S", 48990, pt("Petrol", [4, 2498, "Aspirated"], "Continuous Variable", "AWD", 7.4, 239), 3), b("Hybrid S", 51990, pt("Hybrid", [4, 1995, "Aspirated"], "Continuous Variable", "AWD", 6.7, 196), 3)],
    size: [4640, 1815, 1730], gvm: 2110, tank: 63, tow: 1800, ancap: 5, categories: ["Family", "Off Road"], popularity: 2,
  }),
  model({
    make: "Subaru", model: "Outback", item: "car", body: "wagon", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("BS", 2015, 2020), g("BT", 2021, 2026)],
    badges: [b("AWD", 46990, pt("Petrol", [4, 2498, "Aspirated"], "Continuous Variable", "AWD", 7.3, 245), 1), b("AWD Touring", 53990, pt("Petrol", [4, 2498, "Aspirated"], "Continuous Variable", "AWD", 7.3, 245), 3)],
    size: [4870, 1875, 1675], gvm: 2300, tank: 63, tow: 2000, ancap: 5, categories: ["Family"], popularity: 1.5,
  }),
  model({
    make: "Holden", model: "Commodore", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("VE II", 2008, 2013), g("VF", 2013, 2015), g("VF II", 2015, 2017)],
    badges: [b("Evoke", 39990, pt("Petrol", [6, 3564, "Aspirated"], "6 Speed Automatic", "RWD", 8.9, 350), 0), b("SV6", 44990, pt("Petrol", [6, 3564, "Aspirated"], "6 Speed Automatic", "RWD", 9.0, 350), 1), b("SS-V Redline", 56990, pt("Petrol", [8, 6162, "Aspirated"], "6 Speed Manual", "RWD", 12.6, 570), 3)],
    size: [4964, 1898, 1471], gvm: 2260, tank: 71, tow: 2100, ancap: 5, categories: ["Performance", "Family"], popularity: 1.5,
  }),
  model({
    make: "Holden", model: "Commodore Sportwagon", item: "car", body: "wagon", bodyLabel: "4D Sportwagon", doors: 4, seats: 5,
    gens: [g("VE II", 2008, 2013), g("VF", 2013, 2015), g("VF II", 2015, 2017)],
    badges: [b("Evoke", 41990, pt("Petrol", [6, 3564, "Aspirated"], "6 Speed Automatic", "RWD", 9.2, 350), 0), b("SS", 52990, pt("Petrol", [8, 6162, "Aspirated"], "6 Speed Automatic", "RWD", 12.9, 570), 3)],
    size: [4899, 1899, 1497], gvm: 2340, tank: 71, tow: 2100, ancap: 5, categories: ["Family"], popularity: 0.7,
  }),
  model({
    make: "Holden", model: "Colorado", item: "car", body: "ute", bodyLabel: "Crew Cab Pickup", doors: 4, seats: 5,
    gens: [g("RG", 2012, 2020)],
    badges: [b("LS", 45990, pt("Diesel", [4, 2776, "Turbo"], "6 Speed Automatic", "4WD", 8.6, 500), 0), b("LTZ", 53990, pt("Diesel", [4, 2776, "Turbo"], "6 Speed Automatic", "4WD", 8.6, 500), 2), b("Z71", 56990, pt("Diesel", [4, 2776, "Turbo"], "6 Speed Automatic", "4WD", 8.6, 500), 3)],
    size: [5361, 1874, 1800], gvm: 3150, tank: 76, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 1.5,
  }),
  model({
    make: "Honda", model: "CR-V", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("RM", 2012, 2017), g("RW", 2017, 2023), g("RS", 2023, 2026)],
    badges: [b("VTi", 40990, pt("Petrol", [4, 1498, "Turbo"], "Continuous Variable", "FWD", 7.0, 240), 0), b("VTi L AWD", 47990, pt("Petrol", [4, 1498, "Turbo"], "Continuous Variable", "AWD", 7.4, 240), 2), b("e:HEV RS", 59990, pt("Hybrid", [4, 1993, "Aspirated"], "1 Speed Reduction Gear", "AWD", 5.3, 335), 3)],
    size: [4691, 1866, 1681], gvm: 2190, tank: 57, tow: 1500, ancap: 5, categories: ["Family"], popularity: 1.5,
  }),
  model({
    make: "Honda", model: "Civic", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("FK", 2017, 2021), g("FL", 2022, 2026)],
    badges: [b("VTi-LX", 47990, pt("Petrol", [4, 1498, "Turbo"], "Continuous Variable", "FWD", 6.3, 240), 2), b("e:HEV LX", 55990, pt("Hybrid", [4, 1993, "Aspirated"], "1 Speed Reduction Gear", "FWD", 4.2, 315), 3)],
    size: [4560, 1802, 1415], gvm: 1780, tank: 47, tow: 800, ancap: 5, categories: ["City"], popularity: 1,
  }),
  model({
    make: "Tesla", model: "Model 3", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("MY21", 2019, 2021), g("MY22", 2022, 2022), g("MY23", 2023, 2023), g("Highland", 2024, 2026)],
    badges: [b("Rear-Wheel Drive", 58990, ev("RWD", 420), 1), b("Long Range", 70990, ev("AWD", 493), 3)],
    size: [4720, 1850, 1441], gvm: 2255, tank: null, tow: 1000, ancap: 5, categories: ["Electric"], popularity: 1.5,
  }),
  model({
    make: "Tesla", model: "Model Y", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("MY22", 2022, 2022), g("MY23", 2023, 2024), g("Juniper", 2025, 2026)],
    badges: [b("Rear-Wheel Drive", 61990, ev("RWD", 420), 1), b("Long Range", 74990, ev("AWD", 493), 3)],
    size: [4751, 1921, 1624], gvm: 2410, tank: null, tow: 1600, ancap: 5, categories: ["Electric"], popularity: 1.5,
  }),
  model({
    make: "BYD", model: "Atto 3", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("MY23", 2022, 2023), g("MY24", 2024, 2026)],
    badges: [b("Standard Range", 47990, ev("FWD", 310), 1), b("Extended Range", 51990, ev("FWD", 310), 2)],
    size: [4455, 1875, 1615], gvm: 2200, tank: null, tow: 750, ancap: 5, categories: ["Electric"], popularity: 1,
  }),
  model({
    make: "MG", model: "ZS", item: "car", body: "suv", bodyLabel: "4D Wagon", doors: 4, seats: 5,
    gens: [g("AZS1", 2017, 2024), g("AZS2", 2025, 2026)],
    badges: [b("Excite", 24990, pt("Petrol", [4, 1498, "Aspirated"], "Continuous Variable", "FWD", 6.9, 141), 0), b("Essence", 28990, pt("Petrol", [4, 1498, "Aspirated"], "Continuous Variable", "FWD", 6.9, 141), 2)],
    size: [4323, 1809, 1653], gvm: 1755, tank: 48, tow: 500, ancap: 3, categories: ["City"], popularity: 2,
  }),
  model({
    make: "MG", model: "MG4", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("MEH32", 2023, 2026)],
    badges: [b("Excite 51", 37990, ev("RWD", 250), 0), b("Essence 64", 44990, ev("RWD", 250), 2)],
    size: [4287, 1836, 1504], gvm: 2060, tank: null, tow: 0, ancap: 5, categories: ["Electric", "City"], popularity: 1,
  }),
  model({
    make: "Suzuki", model: "Swift", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("FZ", 2011, 2017), g("AZ", 2017, 2024), g("AZH", 2024, 2026)],
    badges: [b("GL Navigator", 23990, pt("Petrol", [4, 1242, "Aspirated"], "Continuous Variable", "FWD", 4.8, 120), 0), b("GLX Turbo", 27990, pt("Petrol", [3, 998, "Turbo"], "6 Speed Automatic", "FWD", 5.0, 160), 2)],
    size: [3845, 1735, 1495], gvm: 1365, tank: 37, tow: 1000, ancap: 3, categories: ["City"], popularity: 2,
  }),
  model({
    make: "Suzuki", model: "Jimny", item: "car", body: "suv", bodyLabel: "3D Hardtop", doors: 3, seats: 4,
    gens: [g("JB74", 2018, 2026)],
    badges: [b("Jimny", 33990, pt("Petrol", [4, 1462, "Aspirated"], "5 Speed Manual", "4WD", 6.4, 130), 1), b("XL", 37990, pt("Petrol", [4, 1462, "Aspirated"], "4 Speed Automatic", "4WD", 6.9, 130), 2)],
    size: [3645, 1645, 1720], gvm: 1435, tank: 40, tow: 1300, ancap: 3, categories: ["4x4", "Off Road"], popularity: 1,
  }),
  model({
    make: "Isuzu", model: "D-Max", item: "car", body: "ute", bodyLabel: "Crew Cab Utility", doors: 4, seats: 5,
    gens: [g("TF", 2012, 2020), g("RG", 2020, 2026)],
    badges: [b("SX", 45990, pt("Diesel", [4, 2999, "Turbo"], "6 Speed Automatic", "4WD", 8.0, 450), 0), b("LS-U", 58990, pt("Diesel", [4, 2999, "Turbo"], "6 Speed Automatic", "4WD", 8.0, 450), 2), b("X-Terrain", 68990, pt("Diesel", [4, 2999, "Turbo"], "6 Speed Automatic", "4WD", 8.0, 450), 3)],
    size: [5265, 1870, 1785], gvm: 3100, tank: 76, tow: 3500, ancap: 5, categories: ["4x4", "Work Ready"], popularity: 2.5,
  }),
  model({
    make: "BMW", model: "3 Series", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("F30", 2012, 2019), g("G20", 2019, 2026)],
    badges: [b("320i", 69990, pt("Petrol", [4, 1998, "Turbo"], "8 Speed Sports Automatic", "RWD", 6.4, 300), 1), b("330i M Sport", 82990, pt("Petrol", [4, 1998, "Turbo"], "8 Speed Sports Automatic", "RWD", 6.4, 400), 3)],
    size: [4709, 1827, 1435], gvm: 2065, tank: 59, tow: 1600, ancap: 5, categories: ["Luxury"], popularity: 1,
  }),
  model({
    make: "Mercedes-Benz", model: "C-Class", item: "car", body: "sedan", bodyLabel: "4D Sedan", doors: 4, seats: 5,
    gens: [g("W205", 2014, 2021), g("W206", 2021, 2026)],
    badges: [b("C200", 79990, pt("Petrol", [4, 1496, "Turbo"], "9 Speed Automatic", "RWD", 6.6, 300), 2), b("C300", 95990, pt("Petrol", [4, 1999, "Turbo"], "9 Speed Automatic", "RWD", 7.1, 400), 3)],
    size: [4751, 1820, 1438], gvm: 2220, tank: 66, tow: 1800, ancap: 5, categories: ["Luxury"], popularity: 1,
  }),
  model({
    make: "Mercedes-Benz", model: "A-Class", item: "car", body: "hatch", bodyLabel: "5D Hatchback", doors: 5, seats: 5,
    gens: [g("W176", 2013, 2018), g("W177", 2018, 2026)],
    badges: [b("A180", 52990, pt("Petrol", [4, 1332, "Turbo"], "7 Speed Auto-Dual Clutch", "FWD", 5.7, 200), 1), b("A250 4MATIC", 66990, pt("Petrol", [4, 1991, "Turbo"], "8 Speed Auto-Dual Clutch", "AWD", 6.9, 350), 3)],
    size: [4419, 1796, 1440], gvm: 1920, tank: 43, tow: 1400, ancap: 5, categories: ["Luxury", "City"], popularity: 1,
  }),

  // Trucks
  model({
    make: "Isuzu", model: "N Series", item: "truck", body: "cabChassis", bodyLabel: "Cab Chassis", doors: 2, seats: 3,
    gens: [g("MY21", 2008, 2021), g("MY24", 2022, 2024), g("MY25", 2025, 2026)],
    badges: [
      b("NLR 45-150", 58990, pt("Diesel", [4, 2999, "Turbo"], "6 Speed AMT", "RWD", 11.8, 375), 0, { gvm: 4500, tow: 3500 }),
      b("NNR 45-150", 61990, pt("Diesel", [4, 2999, "Turbo"], "6 Speed AMT", "RWD", 12.2, 375), 1, { gvm: 4500, tow: 3500 }),
      b("NPR 45-155", 67990, pt("Diesel", [4, 5193, "Turbo"], "6 Speed AMT", "RWD", 14.0, 419), 1, { gvm: 4500, tow: 3500 }),
      b("NPR 75-190", 78990, pt("Diesel", [4, 5193, "Turbo"], "6 Speed Automatic", "RWD", 15.1, 513), 2, { gvm: 7500, tow: 3500 }),
      b("NPS 75-155 4x4", 92990, pt("Diesel", [4, 5193, "Turbo"], "6 Speed Manual", "4WD", 16.5, 419), 3, { gvm: 7500, tow: 3500 }),
    ],
    size: [6010, 1995, 2255], gvm: 4500, tank: 100, tow: 3500, ancap: null, categories: ["Commercial", "Light Truck"], popularity: 4,
  }),
  model({
    make: "Isuzu", model: "F Series", item: "truck", body: "lightTruck", bodyLabel: "Pantech", doors: 2, seats: 3,
    gens: [g("MY21", 2012, 2021), g("MY24", 2022, 2026)],
    badges: [b("FRR 110-260", 124990, pt("Diesel", [4, 5193, "Turbo"], "6 Speed Automatic", "RWD", 19.5, 761), 1, { gvm: 11000, tow: 4500 }), b("FVR 165-300", 154990, pt("Diesel", [6, 7790, "Turbo"], "6 Speed Automatic", "RWD", 24.0, 981), 3, { gvm: 16500, tow: 6000 })],
    size: [8290, 2290, 3180], gvm: 11000, tank: 200, tow: 4500, ancap: null, categories: ["Commercial"], popularity: 2,
  }),
  model({
    make: "Hino", model: "300 Series", item: "truck", body: "cabChassis", bodyLabel: "Tipper", doors: 2, seats: 3,
    gens: [g("XZU", 2011, 2026)],
    badges: [
      b("616", 72990, pt("Diesel", [4, 4009, "Turbo"], "6 Speed Automatic", "RWD", 13.5, 464), 0, { gvm: 5500, tow: 3500 }),
      b("617 Wide", 80990, pt("Diesel", [4, 4009, "Turbo"], "6 Speed Automatic", "RWD", 14.2, 464), 1, { gvm: 7500, tow: 3500 }),
      b("721 Hybrid", 94990, pt("Hybrid", [4, 4009, "Turbo"], "6 Speed AMT", "RWD", 11.2, 464), 3, { gvm: 7500, tow: 3500 }),
    ],
    size: [6150, 2180, 2370], gvm: 5500, tank: 100, tow: 3500, ancap: null, categories: ["Commercial", "Light Truck"], popularity: 3,
  }),
  model({
    make: "Hino", model: "500 Series", item: "truck", body: "lightTruck", bodyLabel: "Curtainsider", doors: 2, seats: 3,
    gens: [g("FC", 2012, 2026)],
    badges: [b("FC 1124", 132990, pt("Diesel", [6, 5123, "Turbo"], "6 Speed Automatic", "RWD", 21.0, 794), 1, { gvm: 11000, tow: 4500 }), b("FD 1124", 139990, pt("Diesel", [6, 5123, "Turbo"], "6 Speed Automatic", "RWD", 21.5, 794), 2, { gvm: 11000, tow: 4500 })],
    size: [8440, 2395, 3350], gvm: 11000, tank: 200, tow: 4500, ancap: null, categories: ["Commercial"], popularity: 1.5,
  }),
  model({
    make: "Fuso", model: "Canter", item: "truck", body: "cabChassis", bodyLabel: "Cab Chassis", doors: 2, seats: 3,
    gens: [g("FEB", 2012, 2020), g("FEB21", 2021, 2026)],
    badges: [
      b("515", 62990, pt("Diesel", [4, 2998, "Turbo"], "6 Speed Auto-Dual Clutch", "RWD", 11.5, 370), 0, { gvm: 4495, tow: 3500 }),
      b("615", 68990, pt("Diesel", [4, 2998, "Turbo"], "6 Speed Auto-Dual Clutch", "RWD", 12.1, 370), 1, { gvm: 6000, tow: 3500 }),
      b("918 Wide", 82990, pt("Diesel", [4, 2998, "Turbo"], "6 Speed Auto-Dual Clutch", "RWD", 13.6, 430), 3, { gvm: 8500, tow: 3500 }),
    ],
    size: [5990, 1995, 2195], gvm: 4495, tank: 100, tow: 3500, ancap: null, categories: ["Commercial", "Light Truck"], popularity: 3,
  }),
  model({
    make: "Fuso", model: "Fighter", item: "truck", body: "lightTruck", bodyLabel: "Pantech", doors: 2, seats: 3,
    gens: [g("FK", 2008, 2026)],
    badges: [b("1024", 124990, pt("Diesel", [6, 7545, "Turbo"], "6 Speed Manual", "RWD", 23.0, 785), 1, { gvm: 10400, tow: 4500 }), b("1627 Wide", 149990, pt("Diesel", [6, 7545, "Turbo"], "6 Speed Automatic", "RWD", 25.0, 785), 3, { gvm: 16000, tow: 6000 })],
    size: [8275, 2380, 3200], gvm: 10400, tank: 200, tow: 4500, ancap: null, categories: ["Commercial"], popularity: 1.5,
  }),

  // Motorcycles
  ...motorcycles(),
  // Caravans and motorhomes
  ...caravans(),
];

function motorcycles(): ModelSpec[] {
  const bike = (
    make: string,
    name: string,
    style: string,
    rrp: number,
    engine: [number, number],
    gear: string,
    consumption: number,
    torque: number,
    tank: number,
    size: [number, number, number],
    from: number,
    badges: [string, number, number][] = [["", 0, 1]],
    categories: string[] = [],
  ): ModelSpec =>
    model({
      make, model: name, item: "motorcycle", body: "motorcycle", bodyLabel: style, doors: 0, seats: style === "Off Road" ? 1 : 2,
      gens: yearSeries(from),
      badges: badges.map(([badge, extra, tier]) => b(badge, rrp + extra, pt("Petrol", [engine[0], engine[1], "Aspirated"], gear, "RWD", consumption, torque), tier)),
      size, tank, categories: ["Motorcycle", ...categories], popularity: 1,
    });
  const six = "6 Speed Manual";
  return [
    bike("Yamaha", "MT-07", "Naked", 13499, [2, 689], six, 4.2, 67, 14, [2085, 780, 1105], 2014, [["LAMS", 0, 0], ["HO", 600, 1]], ["LAMS"]),
    bike("Yamaha", "MT-09", "Naked", 17499, [3, 890], six, 5.0, 93, 14, [2090, 820, 1190], 2014, [["", 0, 1], ["SP", 3500, 3]]),
    bike("Yamaha", "YZF-R7", "Sport", 15499, [2, 689], six, 4.3, 67, 13, [2070, 705, 1160], 2022, [["", 0, 1]], ["LAMS"]),
    bike("Yamaha", "Tenere 700", "Adventure", 19299, [2, 689], six, 4.3, 68, 16, [2370, 905, 1455], 2019, [["", 0, 1], ["World Raid", 3200, 3]]),
    bike("Yamaha", "XSR700", "Naked", 14299, [2, 689], six, 4.3, 67, 14, [2075, 820, 1130], 2016, [["LAMS", 0, 0]], ["LAMS"]),
    bike("Yamaha", "WR450F", "Off Road", 13549, [1, 450], "5 Speed Manual", 5.5, 47, 8, [2175, 825, 1270], 2008),
    bike("Kawasaki", "Ninja 650", "Sport", 12499, [2, 649], six, 4.4, 64, 15, [2055, 740, 1145], 2012, [["", 0, 1], ["LAMS", -400, 0]], ["LAMS"]),
    bike("Kawasaki", "Z650", "Naked", 11499, [2, 649], six, 4.4, 64, 15, [2055, 765, 1065], 2017, [["LAMS", 0, 0], ["RS", 1200, 2]], ["LAMS"]),
    bike("Kawasaki", "Z900", "Naked", 16399, [4, 948], six, 5.7, 98, 17, [2070, 825, 1080], 2017, [["", 0, 1], ["SE", 2600, 3]]),
    bike("Kawasaki", "Versys 650", "Adventure", 14499, [2, 649], six, 4.6, 64, 21, [2165, 840, 1360], 2010, [["LAMS", 0, 0], ["", 300, 1]], ["LAMS"]),
    bike("Kawasaki", "KLX300", "Off Road", 9199, [1, 292], six, 3.5, 27, 8, [2230, 820, 1205], 2021, [["", 0, 1]]),
    bike("Kawasaki", "Vulcan S", "Cruiser", 12399, [2, 649], six, 4.5, 63, 14, [2310, 880, 1100], 2015, [["LAMS", 0, 0]], ["LAMS"]),
    bike("Honda", "CB500F", "Naked", 9499, [2, 471], six, 3.6, 43, 17, [2080, 800, 1060], 2013, [["", 0, 1]], ["LAMS"]),
    bike("Honda", "CB650R", "Naked", 13999, [4, 649], six, 5.0, 63, 15, [2120, 780, 1075], 2019, [["", 0, 1], ["E-Clutch", 700, 2]]),
    bike("Honda", "Africa Twin", "Adventure", 25499, [2, 1084], six, 4.9, 112, 18, [2330, 960, 1390], 2016, [["CRF1100L", 0, 1], ["CRF1100L Adventure Sports ES", 5400, 3]]),
    bike("Honda", "Rebel 500", "Cruiser", 10299, [2, 471], six, 3.6, 43, 11, [2205, 810, 1090], 2017, [["", 0, 1]], ["LAMS"]),
    bike("Honda", "CBR650R", "Sport", 14499, [4, 649], six, 5.0, 63, 15, [2120, 750, 1145], 2019, [["", 0, 1]]),
    bike("Honda", "CRF300L", "Off Road", 8499, [1, 286], six, 3.4, 27, 8, [2230, 820, 1200], 2021, [["", 0, 0]], ["LAMS"]),
  ];
}

/** Makers of bikes and caravans name model years rather than series. */
function yearSeries(from: number, to = 2026): Generation[] {
  const out: Generation[] = [];
  for (let year = from; year <= to; year++) out.push(g(`MY${String(year % 100).padStart(2, "0")}`, year, year));
  return out;
}

function caravans(): ModelSpec[] {
  const van = (
    make: string,
    name: string,
    from: number,
    layouts: [badge: string, rrp: number, layout: CaravanLayout, tier: number][],
    categories: string[],
  ): ModelSpec =>
    model({
      make, model: name, item: "caravan", body: "caravan", bodyLabel: "Caravan", doors: 1, seats: 0,
      gens: yearSeries(from),
      badges: layouts.map(([badge, rrp, layout, tier]) => b(badge, rrp, pt("Petrol", null, "", "RWD", null, null), tier, { caravan: layout })),
      size: [layouts[0][2].bodyLength + 1650, 2490, 3050],
      categories: ["Caravan", ...categories],
      popularity: 1,
      caravan: layouts[0][2],
    });
  const layout = (bodyLength: number, tare: number, atm: number, axle: string, sleeps: number, bodyWidth = 2440): CaravanLayout => ({
    bodyLength, bodyWidth, tare, atm, axle, sleeps,
  });
  return [
    van("Jayco", "Journey Outback", 2010, [["21.66-3", 86990, layout(6550, 2650, 3300, "Tandem", 3), 2], ["19.61-3", 79990, layout(5950, 2450, 3100, "Tandem", 3), 1]], ["Off Road", "Family"]),
    van("Jayco", "Starcraft", 2010, [["17.55-2", 61990, layout(5200, 1900, 2400, "Single", 2), 0], ["19.61-3", 68990, layout(5950, 2150, 2700, "Tandem", 4), 1]], ["Family"]),
    van("Jayco", "Silverline", 2012, [["21.62-4", 105990, layout(6550, 2900, 3500, "Tandem", 2), 3]], ["Luxury"]),
    van("Jayco", "Crosstrak", 2020, [["16.49-3", 57990, layout(4950, 1750, 2250, "Single", 2), 1]], ["Off Road", "Off Grid"]),
    van("Coromal", "Element", 2014, [["549", 68990, layout(5490, 2050, 2700, "Tandem", 2), 1], ["602", 72990, layout(6020, 2250, 2950, "Tandem", 4), 2]], ["Family"]),
    van("Coromal", "Appeal", 2014, [["650", 75990, layout(6500, 2400, 3100, "Tandem", 2), 2]], ["Family"]),
    van("Coromal", "Pioneer X", 2016, [["643", 95990, layout(6430, 2750, 3500, "Tandem", 2), 3]], ["Off Road", "Off Grid"]),
    model({
      make: "Jayco", model: "Conquest", item: "caravan", body: "motorhome", bodyLabel: "Motorhome", doors: 2, seats: 4,
      gens: yearSeries(2012),
      badges: [b("FA25-2", 189990, pt("Diesel", [4, 2287, "Turbo"], "9 Speed Automatic", "FWD", 11.5, 450), 3)],
      size: [7650, 2380, 3150], gvm: 4495, tank: 90, tow: 2000, ancap: null, categories: ["Motorhome", "Family"], popularity: 0.7,
      caravan: layout(7650, 3900, 4495, "Tandem", 4, 2380),
    }),
  ];
}

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

export interface PaintColour {
  name: string;
  hex: string;
}

const paint = (entries: string): PaintColour[] =>
  entries.split(";").map((entry) => {
    const [name, hex] = entry.split("=");
    return { name: name.trim(), hex: hex.trim() };
  });

const PAINT_BY_MAKE: Record<string, PaintColour[]> = {
  Toyota: paint("Glacier White=#f2f3f1; Eclipse Black=#15161a; Silver Sky=#b9bdc1; Graphite=#4a4d52; Crystal Pearl=#ece9e1; Nebula Blue=#1f3a6b; Emotional Red=#a3121d; Oxide Bronze=#7a6145; Saturn Blue=#2b5d9b"),
  Hyundai: paint("Polar White=#f1f2f0; Phantom Black=#16171a; Typhoon Silver=#b3b7bb; Amazon Gray=#676b69; Intense Blue=#1d4e9e; Fiery Red=#b1161f; Creamy White=#ebe7dc; Ecotronic Gray=#7c817f"),
  Mazda: paint("Soul Red Crystal=#9e0d18; Snowflake White Pearl=#eeeeea; Jet Black=#111214; Machine Grey=#6d6f72; Deep Crystal Blue=#1a2a44; Sonic Silver=#a9adb1; Polymetal Grey=#77828a; Platinum Quartz=#c9c2b6"),
  GWM: paint("Hamilton White=#f0f1ef; Ayers Grey=#6c7073; Sapphire Blue=#213f73; Crystal Black=#141518; Burgundy Red=#6e1420; Pearl White=#edeae4; Dusk Orange=#c4622d"),
  Haval: paint("Hamilton White=#f0f1ef; Ayers Grey=#6c7073; Azure Blue=#2d5fa3; Golden Black=#1c1a17; Burgundy Red=#6e1420; Sapphire Blue=#213f73; Energy Green=#5f8d4e"),
  Ford: paint("Arctic White=#f2f2f0; Shadow Black=#121316; Aluminium=#aeb2b5; Meteor Grey=#50555a; Blue Lightning=#1c4fa0; Lucid Red=#a51c24; Conquer Grey=#7b8083; Sedona Orange=#c1581f"),
  Kia: paint("Clear White=#f3f3f1; Snow White Pearl=#eeece6; Aurora Black Pearl=#17181b; Steel Grey=#5b5f63; Gravity Blue=#243b5c; Runway Red=#a8131c; Interstellar Grey=#484c52"),
  Mitsubishi: paint("White Diamond=#efefeb; Black Mica=#141517; Sterling Silver=#b1b4b6; Titanium Grey=#5b5e62; Red Diamond=#9f1420; Impulse Blue=#2a4f8f"),
  Nissan: paint("Polar White=#f1f2f0; Diamond Black=#131417; Brilliant Silver=#b6b9bc; Slate Grey=#4f5357; Burning Red=#a1141d; Caspian Blue=#27406b"),
  Volkswagen: paint("Pure White=#f3f3f1; Deep Black Pearl=#121316; Reflex Silver=#b4b7ba; Moonstone Grey=#7d8285; Atlantic Blue=#1f3c6e; Kings Red=#a3151e"),
  Subaru: paint("Crystal White=#f0f0ed; Crystal Black Silica=#141517; Ice Silver=#b5b8bb; Magnetite Grey=#555a5e; Horizon Blue=#3d5f86; Autumn Green=#4d5a45"),
  Holden: paint("Heron White=#f0f1ef; Phantom Black=#16171a; Nitrate Silver=#b2b5b8; Son of a Gun Grey=#56595d; Red Hot=#b0131c; Some Like It Hot Red=#c4151f"),
  Honda: paint("Platinum White Pearl=#eeede8; Crystal Black Pearl=#131417; Lunar Silver=#b3b6b9; Modern Steel=#5a5e62; Ignite Red=#a8141d; Grand Prix Red=#c1121c; Matte Gunpowder Black=#2a2b2d"),
  Tesla: paint("Pearl White=#eeede8; Solid Black=#121315; Stealth Grey=#4d5156; Ultra Red=#a4141c; Deep Blue Metallic=#1f3563; Quicksilver=#b7babc"),
  BYD: paint("Ski White=#f1f2f0; Boulder Grey=#6b6f72; Surf Blue=#3d6f9e; Parkour Red=#a3161f; Cosmos Black=#141517"),
  MG: paint("Dover White=#f1f1ef; Pebble Black=#151618; Clipper Blue=#2f5f9a; Diamond Red=#a4141d; Regal Blue=#233a66; Cosmic Silver=#b3b6b9"),
  Suzuki: paint("Pure White Pearl=#efefeb; Super Black Pearl=#141517; Premium Silver=#b4b7ba; Burning Red=#ae131c; Speedy Blue=#2563ad; Kinetic Yellow=#d8b51c; Jungle Green=#3f4c36"),
  Isuzu: paint("Mineral White=#f0f0ed; Obsidian Grey=#3c3f43; Mercury Silver=#b1b4b7; Cobalt Blue=#2a4b8a; Volcanic Amber=#b3561d; Arc White=#f3f3f1"),
  BMW: paint("Alpine White=#f2f2f0; Black Sapphire=#15161a; Mineral Grey=#5f6468; Portimao Blue=#2658a8; Skyscraper Grey=#8f9497"),
  "Mercedes-Benz": paint("Polar White=#f1f2f0; Obsidian Black=#141518; Iridium Silver=#b6b9bc; Graphite Grey=#55595d; Spectral Blue=#24406e"),
  Hino: paint("Hino White=#f2f2f0; Silver=#b4b7ba; Hino Red=#b0141c"),
  Fuso: paint("Arctic White=#f2f2f0; Blue Steel=#3a5f8a; Silver=#b4b7ba"),
  Yamaha: paint("Icon Blue=#1f47a3; Tech Black=#1b1c1f; Cyan Storm=#4d6c7a; Power Grey=#5c6166; Team Yamaha Blue=#1f3fa8"),
  Kawasaki: paint("Lime Green=#5aa51f; Metallic Matte Graphenesteel Gray=#4e5255; Pearl Robotic White=#ecece8; Metallic Spark Black=#17181b; Candy Persimmon Red=#a3211d"),
  Jayco: paint("Alpine White=#f1f1ee; Outback Silver=#bfc1c2; Slate Grey Decals=#d9dbdc"),
  Coromal: paint("Arctic White=#f2f2ef; Storm Grey=#a9acae; Champagne=#ddd3bf"),
};

const GENERIC_PAINT = paint("Arctic White=#f2f2f0; Jet Black=#141517; Silver=#b5b8bb; Gunmetal Grey=#55595d; Ocean Blue=#27508f; Flame Red=#a8141d");

export function paintsFor(make: string): PaintColour[] {
  return PAINT_BY_MAKE[make] ?? GENERIC_PAINT;
}

export const INTERIOR_TRIMS: Record<"car" | "motorcycle" | "caravan", PaintColour[][]> = {
  car: [
    paint("Black Cloth=#2a2b2e; Charcoal Fabric=#3a3b3e; Black Suede-effect Cloth=#26272a"),
    paint("Black Cloth=#2a2b2e; Black Leather-accented=#1f2023; Grey Cloth=#6a6c6f"),
    paint("Black Leather=#1c1d20; Ash Grey Leather=#8f9193; Tan Leather=#9a6b43"),
    paint("Black Nappa Leather=#18191b; Pure White Nappa Leather=#e7e4dc; Burgundy Leather=#5c1d24; Tan Leather=#9a6b43"),
  ],
  motorcycle: [paint("Black Seat=#1d1e20; Brown Seat=#5b3a25; Black and Grey Seat=#3a3b3e")],
  caravan: [paint("Charcoal Upholstery=#3d3e41; Sand Upholstery=#c8b79b; Ocean Blue Upholstery=#3e5a78; Walnut Timber=#6b4a2f")],
};
