import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.card,
  padding: "24px 20px",
  scrollMarginTop: "16px",
});
export const title = style({ fontSize: "clamp(22px, 4vw, 28px)", margin: "0 0 16px" });
export const form = style({ display: "flex", flexDirection: "column", gap: "20px" });
export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 700, fontSize: "15px", padding: 0, marginBottom: "8px", display: "block" });

export const types = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))", gap: "8px" });
export const typeLabel = style({ position: "relative", display: "block", cursor: "pointer" });
export const typeInput = style({ position: "absolute", opacity: 0, width: "1px", height: "1px", margin: 0 });
export const typeBody = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "4px",
  minHeight: "80px",
  padding: "8px",
  borderRadius: vars.radius.button,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  fontSize: "14px",
  fontWeight: 600,
  textAlign: "center",
});
globalStyle(`${typeInput}:checked + ${typeBody}`, { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` });
globalStyle(`${typeInput}:focus-visible + ${typeBody}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
export const typeImage = style({ width: "72px", height: "34px" });
export const allCars = style({
  height: "34px",
  display: "grid",
  placeItems: "center",
  fontWeight: 800,
  color: vars.color.brand,
  fontSize: "18px",
});

export const inputs = style({
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
  alignItems: "end",
});
export const periods = style({ display: "flex", gap: "16px" });
export const periodLabel = style({ display: "inline-flex", alignItems: "center", gap: "8px", minHeight: "44px", cursor: "pointer" });
globalStyle(`${periodLabel} input`, { width: "20px", height: "20px", accentColor: vars.color.brand });
export const moneyField = style({ display: "block" });
export const money = style({
  display: "flex",
  alignItems: "center",
  gap: "4px",
  minHeight: "44px",
  padding: "0 12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  selectors: { "&:focus-within": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
export const moneyInput = style({
  border: 0,
  outline: "none",
  width: "100%",
  minHeight: "42px",
  background: "transparent",
  color: vars.color.text,
  fontSize: "16px",
});

export const result = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "12px" });
export const estimate = style({ margin: 0, flexBasis: "100%", fontSize: "18px" });
export const noneButton = style({
  minHeight: "44px",
  padding: "10px 18px",
  borderRadius: vars.radius.button,
  border: 0,
  background: "#c4c9cf",
  color: "#3d434a",
  fontWeight: 700,
  cursor: "not-allowed",
});
export const warning = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  margin: 0,
  color: vars.color.danger,
  fontWeight: 600,
});
export const disclaimer = style({ margin: 0, fontSize: "13px", color: vars.color.muted });
