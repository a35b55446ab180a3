/**
 * The checkout pages' banner and payments strip as parts whose code loads after the page (the server
 * renders them whole, styled by the site's one stylesheet), so the reserve, buy-online and online payment
 * pages keep to the 100 KB first-load budget (decision 20).
 */
import { lazyPart, PendingPart } from "~/components/lazyPart";

export const ThreePointBanner = lazyPart(
  () => import("./ThreePointBanner").then((m) => m.ThreePointBanner),
  "ThreePointBanner",
  PendingPart,
);

export const PaymentsStrip = lazyPart(() => import("./PaymentsStrip").then((m) => m.PaymentsStrip), "PaymentsStrip", PendingPart);
