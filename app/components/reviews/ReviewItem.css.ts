import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const review = style({
  padding: "16px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.background,
});
export const header = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "4px 12px" });
export const meta = style({
  color: vars.color.muted,
  fontSize: "14px",
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  flexWrap: "wrap",
});
export const text = style({ margin: "8px 0 0", whiteSpace: "pre-line" });
export const reply = style({
  marginTop: "12px",
  padding: "12px",
  background: vars.color.surface,
  borderRadius: vars.radius.button,
  fontSize: "14px",
});
