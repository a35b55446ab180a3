/** A brand's warranty claims as tiles: a big figure of years, the claim and its terms; side by side from 640 px. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tiles = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
});
export const tile = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderTop: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.card,
  padding: "20px",
});
export const figure = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: "48px",
  lineHeight: 1,
  color: vars.color.brand,
  fontWeight: 700,
});
export const unit = style({ fontSize: "18px", marginLeft: "6px", fontWeight: 600 });
export const title = style({ fontSize: "18px", margin: "10px 0 6px" });
export const text = style({ margin: 0, color: vars.color.muted });
