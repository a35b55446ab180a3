import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const badge = style({ display: "inline-flex", alignItems: "center", gap: "6px", flexWrap: "wrap", fontSize: "15px" });
export const badgeLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});
export const rating = style({ fontWeight: 700 });
export const stars = style({ display: "inline-flex", gap: "1px", lineHeight: 1 });
export const star = style({ position: "relative", display: "inline-block", width: "1em", height: "1em", color: vars.color.border });
export const starFill = style({ position: "absolute", inset: 0, overflow: "hidden", color: "#f5a623" });
export const starIcon = style({ width: "1em", height: "1em", display: "block" });
export const count = style({ color: vars.color.muted });
