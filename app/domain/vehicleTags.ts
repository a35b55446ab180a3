import type { DealerFlags } from "./dealerFlags";
import { isAvailable, type Vehicle } from "./vehicle";

export type VehicleTag =
  | { kind: "sold"; label: "JUST SOLD"; tone: "danger" }
  | { kind: "fuel"; label: "Electric" | "Hybrid"; tone: "info" }
  | { kind: "reserved"; label: "Reserved"; tone: "warning" }
  | { kind: "certified"; label: string; tone: "success"; image: string }
  | { kind: "custom"; label: string; tone: "success" | "danger" }
  | { kind: "coming-soon"; label: "COMING SOON"; tone: "info" }
  | { kind: "new-arrival"; label: "New Arrival"; tone: "success" };

/** A car created within this many days is a new arrival (spec 000 section 9). */
export const NEW_ARRIVAL_DAYS = 8;
const DAY_MS = 86_400_000;

export function isNewArrival(v: Pick<Vehicle, "created_at">, now: Date): boolean {
  const created = Date.parse(v.created_at);
  return Number.isFinite(created) && now.getTime() - created <= NEW_ARRIVAL_DAYS * DAY_MS && created <= now.getTime();
}

/**
 * The one tag a card shows, by priority (spec 000 section 4): a sold car is 'JUST SOLD'; then electric or
 * hybrid (where enabled); Reserved; the certified pre-owned image for certified used cars of the dealer's
 * certified make; a custom tag ('runout sale' styled success, others danger); COMING SOON; 'New Arrival'
 * within 8 days; otherwise none.
 */
export function cardTag(
  v: Pick<Vehicle, "status" | "simple_fuel" | "reserved" | "certified" | "car_type" | "make" | "tag" | "created_at">,
  flags: Pick<DealerFlags, "electricHybridTag" | "certifiedPreOwnedMake">,
  now: Date,
): VehicleTag | null {
  if (!isAvailable(v)) return { kind: "sold", label: "JUST SOLD", tone: "danger" };
  const fuel = v.simple_fuel.toLowerCase();
  if (flags.electricHybridTag && fuel === "electric") return { kind: "fuel", label: "Electric", tone: "info" };
  if (flags.electricHybridTag && fuel.includes("hybrid")) return { kind: "fuel", label: "Hybrid", tone: "info" };
  if (v.reserved) return { kind: "reserved", label: "Reserved", tone: "warning" };
  if (
    flags.certifiedPreOwnedMake &&
    v.certified &&
    v.car_type === "used" &&
    v.make.toLowerCase() === flags.certifiedPreOwnedMake.toLowerCase()
  ) {
    return {
      kind: "certified",
      label: `${flags.certifiedPreOwnedMake} Certified Pre-Owned`,
      tone: "success",
      image: "/badges/certified-pre-owned.svg",
    };
  }
  const custom = v.tag.trim();
  if (custom) return { kind: "custom", label: custom, tone: custom.toLowerCase() === "runout sale" ? "success" : "danger" };
  if (v.status === "coming_soon") return { kind: "coming-soon", label: "COMING SOON", tone: "info" };
  if (isNewArrival(v, now)) return { kind: "new-arrival", label: "New Arrival", tone: "success" };
  return null;
}

/** Condition label for the details row. */
export function conditionLabel(carType: Vehicle["car_type"]): string {
  return carType === "new" ? "New" : carType === "demo" ? "Demo" : "Used";
}
