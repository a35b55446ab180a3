import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { drawnWhenNear } from "~/styles/drawnWhenNear";

export const footer = style({
  background: vars.color.footerBackground,
  color: vars.color.footerText,
  padding: "40px 0 24px",
  marginTop: "48px",
  fontSize: "15px",
  // Below every page's fold, at about its real height at each width.
  ...drawnWhenNear(1550, { 640: 720, 1200: 390 }),
});
// The focus ring on the footer's own colours: the page's focus colour may vanish on a dark footer.
globalStyle(`${footer} :focus-visible`, { outlineColor: vars.color.footerText });
export const groups = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
  gap: "24px",
});
export const group = style({});
export const heading = style({ fontSize: "16px", marginBottom: "10px", color: vars.color.footerText });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "6px" });
export const link = style({ color: vars.color.footerText, textDecoration: "none", ":hover": { textDecoration: "underline" } });
export const address = style({ margin: "0 0 8px" });
/** The labelled numbers under the address, one a line. */
export const phones = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "4px" });
export const payments = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  padding: 0,
  margin: "32px 0 16px",
});
export const payment = style({
  border: `1px solid ${vars.color.footerText}`,
  borderRadius: "4px",
  padding: "2px 8px",
  fontSize: "12px",
  fontWeight: 700,
  opacity: 0.85,
});
export const subtext = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "6px 18px",
  fontSize: "13px",
  opacity: 0.85,
  margin: 0,
  paddingTop: "16px",
  borderTop: "1px solid rgba(255,255,255,0.15)",
});
