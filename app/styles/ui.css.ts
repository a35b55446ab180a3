/** Shared building blocks: page width, buttons, form fields. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const container = style({
  width: "100%",
  maxWidth: "1240px",
  margin: "0 auto",
  padding: "0 16px",
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "6px",
  minHeight: "44px",
  padding: "10px 18px",
  borderRadius: vars.radius.button,
  border: "2px solid transparent",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  lineHeight: 1.2,
  textAlign: "center",
  selectors: { "&:disabled, &[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed" } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: vars.color.brandContrast }],
  accent: [buttonBase, { background: vars.color.accent, color: vars.color.accentContrast }],
  outline: [buttonBase, { background: "transparent", color: vars.color.brand, borderColor: vars.color.brand }],
  ghost: [buttonBase, { background: "transparent", color: vars.color.text, borderColor: vars.color.border }],
});

export const field = style({
  width: "100%",
  minHeight: "44px",
  padding: "10px 12px",
  // A field's edge is how shoppers find it: the control colour, 3:1 on the background (WCAG 1.4.11).
  border: `1px solid ${vars.color.control}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  color: vars.color.text,
});

export const label = style({ display: "block", fontWeight: 600, marginBottom: "4px", fontSize: "14px" });

export const fieldError = style({ color: vars.color.danger, fontSize: "14px", marginTop: "4px" });

export const alert = style({
  padding: "12px 16px",
  borderRadius: vars.radius.button,
  background: "#fdecea",
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});

/** A page of its own for one shopper task (online payment, spin to win): its spacing and its heading. */
export const shopperPage = style({ paddingTop: "24px", paddingBottom: "48px" });
export const shopperPageTitle = style({
  fontFamily: vars.font.heading,
  fontSize: "clamp(26px, 5vw, 36px)",
  margin: "0 0 8px",
  color: vars.color.text,
});
