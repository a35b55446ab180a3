/** The money pages' reassurance: the three-point banner and the payments strip with card marks. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 760px)";

export const banner = style({
  listStyle: "none",
  margin: "0 0 24px",
  padding: "12px 16px",
  display: "grid",
  gap: "12px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  "@media": { [desktop]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", padding: "16px 20px", gap: "20px" } },
});
export const point = style({ display: "grid", gridTemplateColumns: "36px minmax(0, 1fr)", gap: "10px", alignItems: "center" });
export const pointIcon = style({
  width: "36px",
  height: "36px",
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  background: vars.color.brand,
  color: vars.color.brandContrast,
});
export const pointTitle = style({ display: "block", fontWeight: 700, fontSize: "15px", lineHeight: 1.25 });
export const pointText = style({ display: "block", fontSize: "13px", color: vars.color.muted, lineHeight: 1.35 });
globalStyle(`${pointTitle} a`, { color: "inherit" });

export const strip = style({ margin: "16px 0 0", display: "grid", gap: "8px" });
export const stripCaption = style({
  fontSize: "13px",
  color: vars.color.muted,
  margin: 0,
  display: "flex",
  alignItems: "center",
  gap: "6px",
});
export const marks = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "8px" });
export const mark = style({ display: "block", lineHeight: 0 });
globalStyle(`${mark} svg`, { width: "56px", height: "36px", display: "block" });
