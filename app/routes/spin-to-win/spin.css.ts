/** The prize wheel page: the wheel beside the spin button and the prize. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 900px)";

// The page and its heading as every shopper page of this kind has them.
export { shopperPage as page, shopperPageTitle as title } from "~/styles/ui.css";
export const intro = style({ color: vars.color.muted, fontSize: "17px", margin: "0 0 24px", maxWidth: "640px" });
export const layout = style({
  display: "grid",
  gap: "24px",
  alignItems: "center",
  "@media": { [desktop]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "48px" } },
});
export const wheelBox = style({ width: "100%", maxWidth: "440px", margin: "0 auto" });
export const wheelSvg = style({ width: "100%", height: "auto", display: "block" });
export const wheel = style({ transformOrigin: "0 0", transformBox: "view-box" });
export const sliceText = style({ fontSize: "6px", fontWeight: 700, fontFamily: vars.font.body });
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
  display: "grid",
  gap: "12px",
});
export const prize = style({ fontSize: "24px", fontWeight: 800, color: vars.color.brand, margin: 0 });
export const small = style({ fontSize: "14px", color: vars.color.muted, margin: 0 });
export const terms = style({ fontSize: "13px", color: vars.color.muted, whiteSpace: "pre-line", marginTop: "24px", maxWidth: "760px" });
