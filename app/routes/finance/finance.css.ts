/** The finance page's own parts: the dealer's 'STEP' cards beside the form. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const stepCards = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "12px" });
export const stepCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderTop: `4px solid ${vars.color.accent}`,
  borderRadius: vars.radius.card,
  padding: "14px 16px",
});
export const stepLabel = style({ margin: 0, fontSize: "12px", fontWeight: 800, letterSpacing: "0.08em", color: vars.color.brand });
export const stepTitle = style({ margin: "2px 0 4px", fontWeight: 700, fontSize: "17px" });
export const stepText = style({ margin: 0, fontSize: "14px", color: vars.color.muted });
export const postcodeNote = style({ gridColumn: "1 / -1", margin: 0, fontSize: "13px", color: vars.color.muted });
