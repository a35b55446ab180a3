import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "inline-flex", margin: 0 });

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  minHeight: "44px",
  padding: "0 12px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    "&[aria-pressed='true']": { color: vars.color.brand, borderColor: vars.color.brand },
    "&:disabled": { opacity: 0.6, cursor: "progress" },
  },
});
