import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.accent})`,
  color: vars.color.brandContrast,
  padding: "48px 0 56px",
});
export const heroTitle = style({ fontSize: "clamp(28px, 6vw, 48px)", margin: "0 0 12px" });
export const heroText = style({ fontSize: "18px", maxWidth: "640px", margin: "0 0 24px", opacity: 0.95 });
/** The review badge sits on a light pill so its stars and count read on any brand colour. */
export const heroRating = style({
  display: "inline-block",
  margin: "0 0 20px",
  padding: "6px 14px",
  borderRadius: "999px",
  background: vars.color.background,
  color: vars.color.text,
});
export const searchForm = style({ display: "flex", gap: "8px", maxWidth: "640px" });
export const stats = style({ background: vars.color.surface, padding: "20px 0" });
export const statsList = style({
  listStyle: "none",
  display: "flex",
  justifyContent: "space-around",
  flexWrap: "wrap",
  gap: "16px",
  margin: "0 auto",
  fontSize: "18px",
});
export const statValue = style({ fontSize: "32px", color: vars.color.brand, display: "block", textAlign: "center" });

export const section = style({ paddingTop: "40px", paddingBottom: "8px" });
export const sectionHeader = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: "12px",
  flexWrap: "wrap",
  marginBottom: "16px",
});
export const sectionTitle = style({ fontSize: "clamp(22px, 4vw, 28px)", margin: 0 });
export const sectionLink = style({ fontWeight: 700, padding: "10px 0", minHeight: "44px" });
export const featured = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
});
export const lastSection = style({ paddingTop: "40px", paddingBottom: "56px" });
