/** What the garage page and its server half share (browser-safe: no server code). */
import type { VehicleCardData } from "~/domain/vehicleCard";

/** A saved car as the garage shows it: on sale, sold (JUST SOLD), or gone from the dealer's website. */
export type SavedCar =
  | { id: string; state: "available" | "sold"; title: string; card: VehicleCardData }
  | { id: string; state: "gone"; title: string; card: null };

/** A saved search as the garage shows it (issue 27). */
export interface SavedSearchView {
  id: string;
  name: string;
  /** The results page it opens. */
  path: string;
  /** Its filters in words, a line each; empty for every car. */
  words: string[];
  channel: "sms" | "email";
  /** The address alerts go to, as shown: the mobile (0412 345 678) or the e-mail. */
  address: string;
  /** The e-mail on the search ('' for SMS), to fill the change-channel form. */
  email: string;
  paused: boolean;
}
