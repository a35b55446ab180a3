import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  width: "100%",
  padding: "12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.background,
});
export const image = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "contain",
  background: vars.color.surface,
  borderRadius: "4px",
  marginBottom: "8px",
});
export const make = style({ margin: 0, fontSize: "12px", color: vars.color.muted, textTransform: "uppercase", letterSpacing: "0.04em" });
export const name = style({ margin: 0, fontSize: "20px" });
export const count = style({ margin: "0 0 8px", color: vars.color.muted, fontSize: "14px" });
export const discover = style({ marginTop: "auto", alignSelf: "flex-start" });
