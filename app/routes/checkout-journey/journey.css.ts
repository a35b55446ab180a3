/** The online purchase journey: the step list, the choice cards and the review list. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const steps = style({
  listStyle: "none",
  margin: "0 0 20px",
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: "6px 14px",
  fontSize: "14px",
  counterReset: "step",
});
export const stepItem = style({ display: "flex", alignItems: "center", gap: "6px", color: vars.color.muted });
export const stepNumber = style({
  width: "24px",
  height: "24px",
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  fontSize: "12px",
  fontWeight: 700,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});
export const stepCurrent = style({ color: vars.color.text, fontWeight: 700 });
globalStyle(`${stepCurrent} ${stepNumber}`, {
  background: vars.color.brand,
  color: vars.color.brandContrast,
  borderColor: vars.color.brand,
});
globalStyle(`${stepItem} a`, { color: vars.color.brand });

export const form = style({ display: "grid", gap: "16px" });
export const grid = style({
  display: "grid",
  gap: "12px",
  "@media": { "screen and (min-width: 640px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const choices = style({ display: "grid", gap: "10px", border: 0, padding: 0, margin: 0, minWidth: 0 });
export const legend = style({ fontWeight: 700, fontSize: "16px", padding: 0, marginBottom: "8px" });
export const choice = style({
  display: "grid",
  gridTemplateColumns: "22px minmax(0, 1fr)",
  gap: "10px",
  alignItems: "start",
  padding: "12px 14px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  cursor: "pointer",
});
globalStyle(`${choice} input`, { width: "20px", height: "20px", margin: "2px 0 0" });
globalStyle(`${choice}:has(input:checked)`, { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` });
export const choiceTitle = style({ display: "block", fontWeight: 700 });
export const choiceText = style({ display: "block", fontSize: "14px", color: vars.color.muted });
export const hint = style({ fontSize: "13px", color: vars.color.muted, margin: "4px 0 0" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "12px", alignItems: "center", marginTop: "4px" });
export const review = style({ margin: 0, display: "grid", gap: "0" });
export const reviewRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: "4px 12px",
  padding: "12px 0",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const reviewTerm = style({ fontWeight: 700, margin: 0 });
export const reviewValue = style({ margin: 0, gridColumn: "1 / 2", color: vars.color.text });
export const reviewEdit = style({ gridColumn: "2 / 3", gridRow: "1 / 3", alignSelf: "center", fontSize: "14px" });
export const estimate = style({ fontWeight: 700 });
export const notice = style({
  padding: "12px 14px",
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  margin: 0,
});
