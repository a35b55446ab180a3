/** The trade-in valuation's own look: its step list, the step forms' grids, the offer and the FAQ. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const tablet = "screen and (min-width: 640px)";

export const progress = style({
  display: "flex",
  gap: "8px",
  listStyle: "none",
  margin: "0 0 20px",
  padding: 0,
  fontSize: "14px",
  counterReset: "step",
});
export const progressItem = style({
  flex: "1 1 0",
  minWidth: 0,
  paddingTop: "8px",
  borderTop: `4px solid ${vars.color.border}`,
  color: vars.color.muted,
  counterIncrement: "step",
  selectors: { "&::before": { content: "counter(step) '. '" } },
});
export const progressDone = style({ borderTopColor: vars.color.brand, color: vars.color.text });
export const progressCurrent = style({ borderTopColor: vars.color.accent, color: vars.color.text, fontWeight: 700 });

export const grid = style({
  display: "grid",
  gap: "14px",
  margin: "0 0 16px",
  "@media": { [tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const wide = style({ "@media": { [tablet]: { gridColumn: "1 / -1" } } });

export const section = style({ border: "none", margin: "0 0 18px", padding: 0, minWidth: 0 });
export const sectionTitle = style({ fontWeight: 700, fontSize: "16px", padding: 0, margin: "0 0 10px" });

export const choice = style({ border: "none", margin: 0, padding: 0, minWidth: 0 });
export const choiceLegend = style({ fontWeight: 600, fontSize: "14px", padding: 0, marginBottom: "6px" });
export const choiceOptions = style({ display: "grid", gap: "6px" });
export const choiceOption = style({
  display: "flex",
  alignItems: "center",
  gap: "10px",
  minHeight: "44px",
  padding: "8px 12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  cursor: "pointer",
  fontSize: "15px",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` } },
});
globalStyle(`${choiceOption} input`, { width: "20px", height: "20px", flex: "none", margin: 0 });

export const found = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px 16px",
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "12px 14px",
  margin: "0 0 18px",
});
export const foundLabel = style({
  fontSize: "12px",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.muted,
  margin: 0,
});
export const foundCar = style({ fontSize: "17px", fontWeight: 700, margin: "2px 0 0" });
export const linkButton = style({
  background: "none",
  border: "none",
  padding: "8px 0",
  minHeight: "44px",
  color: vars.color.brand,
  textDecoration: "underline",
  cursor: "pointer",
  font: "inherit",
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "12px", alignItems: "center", margin: "8px 0 0" });
export const small = style({ fontSize: "13px", color: vars.color.muted, margin: "12px 0 0" });
export const notice = style({ margin: "0 0 16px" });

export const offerBox = style({
  background: vars.color.background,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.card,
  padding: "18px",
  margin: "0 0 16px",
  textAlign: "center",
});
export const offerLabel = style({ margin: 0, color: vars.color.muted, fontSize: "15px" });
export const offerPrice = style({
  fontFamily: vars.font.heading,
  fontSize: "40px",
  fontWeight: 800,
  lineHeight: 1.1,
  color: vars.color.brand,
  margin: "6px 0",
});
export const offerTerms = style({ margin: 0, fontSize: "14px", color: vars.color.muted });

export const sums = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: "6px 16px",
  margin: "0 0 16px",
  fontSize: "15px",
});
globalStyle(`${sums} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });
globalStyle(`${sums} dt:last-of-type, ${sums} dd:last-of-type`, {
  fontWeight: 700,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: "6px",
});

export const workings = style({ margin: "0 0 18px", fontSize: "14px" });
globalStyle(`${workings} summary`, { cursor: "pointer", fontWeight: 600, padding: "12px 0" });
export const workingsTable = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${workingsTable} td`, { padding: "6px 0", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" });
globalStyle(`${workingsTable} td:last-child`, {
  textAlign: "right",
  whiteSpace: "nowrap",
  paddingLeft: "12px",
  fontVariantNumeric: "tabular-nums",
});
globalStyle(`${workingsTable} tfoot td`, { fontWeight: 700, borderBottom: "none" });

export const outcome = style({ display: "grid", gap: "10px", justifyItems: "start" });
globalStyle(`${outcome} p`, { margin: 0 });

export const faq = style({ paddingBottom: "48px", maxWidth: "860px" });
export const faqTitle = style({ fontFamily: vars.font.heading, fontSize: "24px", margin: "0 0 12px" });
export const faqItem = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  margin: "0 0 8px",
});
globalStyle(`${faqItem} summary`, {
  cursor: "pointer",
  fontWeight: 600,
  padding: "14px 16px",
  minHeight: "44px",
  listStylePosition: "inside",
});
globalStyle(`${faqItem} > div`, { padding: "0 16px 14px", fontSize: "15px" });
globalStyle(`${faqItem} p`, { margin: "0 0 8px" });
globalStyle(`${faqItem} p:last-child`, { marginBottom: 0 });
