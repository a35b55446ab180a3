import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: "24px",
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.2fr)" } },
});
export const panel = style({ display: "flex", flexDirection: "column", gap: "12px" });
export const switcher = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "8px" });
export const switchField = style({ minWidth: "200px", flex: "1 1 200px" });
export const mapSection = style({ scrollMarginTop: "80px" });
export const mapFrame = style({ width: "100%", aspectRatio: "5 / 3", border: 0, borderRadius: vars.radius.card, display: "block" });
/** The address card shown instead of a map when there is no maps key. */
export const addressCard = style({
  display: "flex",
  gap: "16px",
  alignItems: "flex-start",
  padding: "24px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const addressPin = style({ flex: "0 0 auto", width: "40px", height: "40px", fill: vars.color.brand });
export const addressBody = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "8px", minWidth: 0 });
export const addressTitle = style({
  fontSize: "14px",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.muted,
  margin: 0,
});
export const addressName = style({ margin: 0, fontSize: "20px", fontWeight: 700 });
export const addressLines = style({ fontStyle: "normal", fontSize: "17px", lineHeight: 1.5, marginBottom: "8px" });
export const sectionTitle = style({ fontSize: "22px", margin: "24px 0 12px" });
export const facts = style({ margin: 0, fontSize: "14px", color: vars.color.muted });
export const reviewList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: "12px" });
export const links = style({ display: "flex", flexWrap: "wrap", gap: "8px" });
export const specialList = style({ margin: 0, paddingLeft: "18px", fontSize: "14px" });
