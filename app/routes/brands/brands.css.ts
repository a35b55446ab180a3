import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const stats = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "16px 48px",
  margin: "0 0 32px",
  padding: "24px 16px",
  listStyle: "none",
  background: vars.color.brand,
  color: vars.color.brandContrast,
  borderRadius: vars.radius.card,
});
export const stat = style({ display: "flex", flexDirection: "column", alignItems: "center" });
export const statValue = style({ fontFamily: vars.font.heading, fontSize: "40px", fontWeight: 800, lineHeight: 1.1 });
export const statLabel = style({ textTransform: "uppercase", letterSpacing: "0.08em", fontSize: "14px", fontWeight: 600 });

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "12px",
  margin: "24px 0",
});
export const title = style({ margin: 0 });

export const section = style({ marginBottom: "36px" });
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))",
  gap: "16px",
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: "8px",
  height: "100%",
  padding: "16px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  color: vars.color.text,
  textDecoration: "none",
  background: vars.color.background,
});
export const cardLink = style({ selectors: { "&:hover": { borderColor: vars.color.brand } } });
export const logo = style({ width: "auto", height: "48px", maxWidth: "100%", objectFit: "contain", alignSelf: "flex-start" });
export const logoText = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "48px",
  height: "48px",
  borderRadius: "50%",
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 800,
  fontSize: "20px",
});
export const brandTitle = style({ margin: 0, fontSize: "18px" });
export const description = style({ margin: 0, color: vars.color.muted, fontSize: "14px" });
export const more = style({ marginTop: "auto", fontWeight: 700, color: vars.color.brand, fontSize: "14px" });

export const banner = style({
  margin: "24px 0",
  padding: "40px 24px",
  borderRadius: vars.radius.card,
  background: vars.color.brand,
  backgroundSize: "cover",
  backgroundPosition: "center",
  color: vars.color.brandContrast,
});
export const bannerTitle = style({ margin: "8px 0", fontSize: "36px" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px", marginTop: "16px" });
