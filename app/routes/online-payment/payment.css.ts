/** The online payment page: the form beside what happens next, and the confirmation. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 900px)";

// The page and its heading as every shopper page of this kind has them.
export { shopperPage as page, shopperPageTitle as title } from "~/styles/ui.css";
export const intro = style({ color: vars.color.muted, fontSize: "17px", margin: "0 0 24px", maxWidth: "680px" });
export const layout = style({
  display: "grid",
  gap: "24px",
  alignItems: "start",
  "@media": { [desktop]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", gap: "40px" } },
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
});
export const grid = style({
  display: "grid",
  gap: "16px",
  "@media": { "screen and (min-width: 600px)": { gridTemplateColumns: "1fr 1fr" } },
});
export const actions = style({ marginTop: "20px", display: "grid", gap: "12px" });
export const note = style({ fontSize: "14px", color: vars.color.muted, margin: 0 });
export const steps = style({ margin: "8px 0 0", paddingLeft: "20px", fontSize: "15px", display: "grid", gap: "4px" });
export const amount = style({ fontSize: "28px", fontWeight: 800, color: vars.color.brand, margin: "4px 0" });
export const reference = style({ fontSize: "18px", fontWeight: 700, margin: 0 });
