import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Low, medium and high bands of the gauge: amber, blue, green. */
const bandColour = { low: "#d97706", medium: "#2563eb", high: vars.color.success } as const;

export const gauge = style({
  height: "14px",
  borderRadius: "999px",
  background: vars.color.surface,
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
});
const fillBase = style({ height: "100%", borderRadius: "999px" });
export const fill = styleVariants(bandColour, (colour) => [fillBase, { background: colour }]);
const dealBase = style({ display: "inline-block", fontWeight: 800, fontSize: "18px", margin: "0 0 8px" });
/** The band's words take the theme's readable colours: the gauge's amber is too pale for text. */
const dealColour = { low: vars.color.warning, medium: "#2563eb", high: vars.color.success } as const;
export const deal = styleVariants(dealColour, (colour) => [dealBase, { color: colour }]);
export const range = style({ display: "flex", gap: "24px", flexWrap: "wrap", margin: "12px 0 0" });

globalStyle(`${range} dt`, { fontSize: "13px", color: vars.color.muted });
globalStyle(`${range} dd`, { margin: 0, fontWeight: 700, fontSize: "17px" });
