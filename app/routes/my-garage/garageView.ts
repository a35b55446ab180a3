/** What the garage page and its server half share (browser-safe: no server code). */
import type { VehicleCardData } from "~/domain/vehicleCard";

/** The garage's one address. A dealer whose `paths.watchlist` is another one needs a remix.config.js alias. */
export const GARAGE_PATH = "/my-garage";

/** A saved car as the garage shows it: on sale, sold (JUST SOLD), or gone from the dealer's website. */
export type SavedCar =
  | { id: string; state: "available" | "sold"; title: string; card: VehicleCardData }
  | { id: string; state: "gone"; title: string; card: null };
