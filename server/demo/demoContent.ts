/**
 * Words for demo stock: feature lists and dealer comments as Australian dealers write them.
 */
import type { ModelSpec, BadgeSpec } from "../stock/catalogue";
import type { Random } from "./random";

const CAR_BASICS = [
  "Reversing Camera",
  "Apple CarPlay",
  "Android Auto",
  "Bluetooth Audio Streaming",
  "Cruise Control",
  "Air Conditioning",
  "Autonomous Emergency Braking",
  "Lane Keep Assist",
  "Power Windows",
  "Remote Central Locking",
  "Tyre Pressure Monitoring",
  "Rear Parking Sensors",
];
const CAR_MID = [
  "Blind Spot Monitoring",
  "Rear Cross Traffic Alert",
  "Adaptive Cruise Control",
  "Keyless Entry",
  "Push Button Start",
  "Alloy Wheels",
  "LED Headlights",
  "Dual-Zone Climate Control",
  "Satellite Navigation",
  "Front Parking Sensors",
  "Auto-Dimming Rear View Mirror",
  "Rain-Sensing Wipers",
  "Digital Instrument Cluster",
];
const CAR_TOP = [
  "Leather Seats",
  "Heated Front Seats",
  "Ventilated Front Seats",
  "Power Driver Seat with Memory",
  "Sunroof",
  "360-Degree Camera",
  "Wireless Phone Charger",
  "Head-Up Display",
  "Premium Sound System",
  "Power Tailgate",
  "Heated Steering Wheel",
  "Ambient Interior Lighting",
];
const BY_BODY: Partial<Record<string, string[]>> = {
  ute: ["Tub Liner", "Tow Bar", "Side Steps", "Rear Differential Lock", "Hill Descent Control", "Tonneau Cover"],
  suv: ["Roof Rails", "Hill Start Assist", "Rear Privacy Glass", "ISOFIX Child Seat Anchors"],
  peopleMover: ["Power Sliding Doors", "Third Row Seating", "Rear Air Conditioning Vents", "ISOFIX Child Seat Anchors"],
  van: ["Cargo Barrier", "Dual Sliding Doors", "Load Area Tie-Down Points", "Rubber Floor Mat"],
  coupe: ["Limited Slip Differential", "Sports Suspension", "Launch Control", "Sports Seats"],
  convertible: ["Manual Soft Top", "Sports Seats", "Limited Slip Differential"],
  wagon: ["Roof Rails", "Split-Fold Rear Seats", "Cargo Cover"],
};
const ELECTRIC = ["DC Fast Charging", "Vehicle-to-Load (V2L)", "Regenerative Braking", "Heat Pump", "Type 2 Charging Cable"];
const HYBRID = ["Regenerative Braking", "EV Drive Mode", "Energy Monitor"];
const TRUCK = [
  "Air Suspension Driver Seat",
  "Exhaust Brake",
  "Reversing Camera",
  "ABS with EBD",
  "Driver and Passenger Airbags",
  "Cruise Control",
  "Bluetooth Hands-Free",
  "Pre-Collision Braking",
  "Lane Departure Warning",
  "Tow Hitch",
  "Alloy Dropside Tray",
  "Ladder Rack",
  "Toolbox",
  "Power Windows",
  "Air Conditioning",
  "Idle Stop and Start",
  "Telematics",
];
const MOTORCYCLE = [
  "ABS",
  "LED Lighting",
  "TFT Display",
  "Traction Control",
  "Quickshifter",
  "Riding Modes",
  "Slip and Assist Clutch",
  "Adjustable Suspension",
  "Bluetooth Connectivity",
  "USB Charging Port",
  "Cruise Control",
  "Hand Guards",
];
const CARAVAN = [
  "Ensuite with Separate Shower",
  "Queen Bed",
  "Reverse Cycle Air Conditioner",
  "Solar Panels",
  "Lithium Battery",
  "Diesel Heater",
  "External Kitchen",
  "Washing Machine",
  "Microwave",
  "4 Burner Cooktop",
  "Roll-Out Awning",
  "Grey Water Tank",
  "Twin Fresh Water Tanks",
  "TV with Antenna",
  "Independent Suspension",
  "Electric Brakes",
  "2 x 9kg Gas Bottles",
  "Annexe",
  "Reversing Camera",
  "Bluetooth Sound System",
];

/** A feature list of 5-25 items: more for higher grades. */
export function standardEquipment(spec: ModelSpec, badge: BadgeSpec, random: Random): string[] {
  const wanted = Math.min(25, Math.max(5, 6 + badge.tier * 5 + random.int(-1, 3)));
  let pool: string[];
  if (spec.item === "truck") pool = TRUCK;
  else if (spec.item === "motorcycle") pool = MOTORCYCLE.filter((f) => badge.name === "LAMS" || !f.startsWith("LAMS"));
  else if (spec.item === "caravan") pool = CARAVAN;
  else {
    pool = [...CAR_BASICS, ...(BY_BODY[spec.body] ?? [])];
    if (badge.tier >= 1) pool.push(...CAR_MID);
    if (badge.tier >= 2) pool.push(...CAR_TOP.slice(0, 6));
    if (badge.tier >= 3) pool.push(...CAR_TOP.slice(6));
    if (badge.pt.fuel === "Electric") pool.push(...ELECTRIC);
    if (badge.pt.fuel === "Hybrid" || badge.pt.fuel === "Plug-in Hybrid") pool.push(...HYBRID);
  }
  const chosen = new Set(random.sample(pool, wanted));
  // Keep the order a dealer would list them in: the pool's order, not the draw's.
  return pool.filter((feature) => chosen.has(feature));
}

export interface CommentFacts {
  year: number;
  make: string;
  model: string;
  badge: string;
  colour: string;
  interior: string;
  carType: "new" | "demo" | "used";
  itemType: string;
  km: number;
  dealershipName: string;
  phone: string;
  features: string[];
}

const OPENERS_USED = [
  "Just traded in and ready to go",
  "Fresh trade-in with plenty of life left",
  "A genuine example that has been well looked after",
  "Low-kilometre and in excellent condition inside and out",
  "Priced to sell and ready for its next owner",
];
const OPENERS_NEW = [
  "Brand new and ready for immediate delivery",
  "In stock now and ready to drive away",
  "Factory fresh with full new-vehicle warranty",
  "Arriving soon: secure yours today",
];
const OPENERS_DEMO = [
  "Ex-demonstrator with the balance of the new-car warranty",
  "Dealer demonstrator driven by our sales team only",
  "Save thousands on this near-new demonstrator",
];
const HISTORY = [
  "one owner from new",
  "full service history with logbooks",
  "two keys and owner's manuals",
  "recently serviced",
  "new tyres fitted",
  "independent roadworthy inspection passed",
  "never been off-road",
  "non-smoker",
];
const CLOSERS = [
  "Trade-ins welcome and finance available on approved credit.",
  "Call us today to arrange a test drive.",
  "Competitive finance available: ask our team for a quote.",
  "We can arrange delivery Australia-wide.",
  "Enquire now, this one won't last.",
];

/** A dealer comment: usually a short note, sometimes the long write-up some dealers do (over 400 characters). */
export function dealerComment(facts: CommentFacts, length: "empty" | "short" | "long", random: Random): string {
  if (length === "empty") return "";
  const name = [facts.year, facts.make, facts.model, facts.badge].filter(Boolean).join(" ");
  const opener = random.pick(facts.carType === "used" ? OPENERS_USED : facts.carType === "demo" ? OPENERS_DEMO : OPENERS_NEW);
  const highlights = random.sample(facts.features, 3).join(", ");
  const short = `${opener}: this ${name} in ${facts.colour}${highlights ? ` comes with ${highlights}` : ""}. ${random.pick(CLOSERS)}`;
  if (length === "short") return short;
  const paragraphs = [
    `${opener}! This ${name} is finished in ${facts.colour} with a ${facts.interior.toLowerCase()} interior and shows ${facts.km.toLocaleString("en-AU")} km on the odometer.`,
    facts.carType === "used"
      ? `Highlights of this ${facts.itemType === "car" ? "car" : facts.itemType}: ${random.sample(HISTORY, 3).join(", ")}.`
      : `It is covered by the full factory warranty and comes with capped-price servicing for peace of mind.`,
    `Features include ${facts.features.slice(0, 8).join(", ")}${facts.features.length > 8 ? " and much more" : ""}.`,
    `At ${facts.dealershipName} we have been looking after local drivers for years. Every vehicle is inspected by our qualified technicians before sale, and our finance team can have you approved the same day.`,
    `${random.pick(CLOSERS)} Call ${facts.phone} or send an enquiry and one of our friendly team will get back to you shortly.`,
  ];
  return paragraphs.join("\n\n");
}
