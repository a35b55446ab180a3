import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const region = style({
  position: "fixed",
  zIndex: 60,
  right: "16px",
  bottom: "16px",
  left: "16px",
  display: "flex",
  justifyContent: "flex-end",
  pointerEvents: "none",
});

const toastBase = style({
  pointerEvents: "auto",
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: "4px 12px",
  maxWidth: "380px",
  width: "100%",
  padding: "14px 16px",
  borderRadius: vars.radius.card,
  background: vars.color.background,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "6px",
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.18)",
});

export const toast = styleVariants({
  success: [toastBase, { borderLeftColor: vars.color.success }],
  error: [toastBase, { borderLeftColor: vars.color.danger }],
});

export const title = style({ margin: 0, fontWeight: 700, gridColumn: 1 });
export const message = style({ margin: 0, gridColumn: 1, fontSize: "14px" });
export const link = style({ gridColumn: 1, fontWeight: 600, color: vars.color.brand, fontSize: "14px" });
export const dismiss = style({
  display: "grid",
  placeItems: "center",
  textDecoration: "none",
  gridColumn: 2,
  gridRow: "1 / span 3",
  alignSelf: "start",
  minWidth: "44px",
  minHeight: "44px",
  border: 0,
  background: "transparent",
  color: vars.color.muted,
  fontSize: "22px",
  cursor: "pointer",
});
