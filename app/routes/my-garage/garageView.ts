/** What the garage page and its server half share (browser-safe: no server code). */
import type { VehicleCardData } from "~/domain/vehicleCard";

/** A saved car as the garage shows it: on sale, sold (JUST SOLD), or gone from the dealer's website. */
export type SavedCar =
  | { id: string; state: "available" | "sold"; title: string; card: VehicleCardData }
  | { id: string; state: "gone"; title: string; card: null };
