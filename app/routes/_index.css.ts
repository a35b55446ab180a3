import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.accent})`,
  color: vars.color.brandContrast,
  padding: "48px 0 56px",
});
export const heroTitle = style({ fontSize: "clamp(28px, 6vw, 48px)", margin: "0 0 12px" });
export const heroText = style({ fontSize: "18px", maxWidth: "640px", margin: "0 0 24px", opacity: 0.95 });
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
