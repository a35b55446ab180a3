import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const badge = style({ display: "inline-flex", alignItems: "center", gap: "6px", flexWrap: "wrap", fontSize: "15px" });
export const badgeLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});
export const rating = style({ fontWeight: 700 });
export const stars = style({
  position: "relative",
  display: "inline-block",
  lineHeight: 1,
  letterSpacing: "1px",
  color: "#c3cad3",
  whiteSpace: "nowrap",
});
export const starsFilled = style({ position: "absolute", top: 0, left: 0, overflow: "hidden", color: "#e8940c" });
export const count = style({ color: vars.color.muted });
