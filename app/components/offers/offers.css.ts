import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))",
  gap: "20px",
  listStyle: "none",
  margin: "0 0 40px",
  padding: 0,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  overflow: "hidden",
  background: vars.color.background,
});

export const imageLink = style({ display: "block" });
export const image = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  background: vars.color.surface,
});
export const imagePlaceholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  aspectRatio: "16 / 9",
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontFamily: vars.font.heading,
  fontWeight: 800,
  fontSize: "28px",
  letterSpacing: "0.02em",
});

export const body = style({ display: "flex", flexDirection: "column", gap: "8px", padding: "16px", flex: 1 });
export const category = style({
  margin: 0,
  alignSelf: "flex-start",
  padding: "2px 8px",
  borderRadius: "999px",
  background: vars.color.surface,
  color: vars.color.muted,
  fontSize: "12px",
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
});
export const name = style({ margin: 0, fontSize: "20px", lineHeight: 1.25 });
export const description = style({ margin: 0 });
export const disclaimer = style({ margin: 0, fontSize: "12px", color: vars.color.muted });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px", marginTop: "auto", paddingTop: "8px" });

export const pageHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "12px",
  margin: "24px 0",
});
export const pageTitle = style({ margin: 0 });
export const empty = style({ padding: "32px 0 48px" });

export const detail = style({
  display: "grid",
  gap: "24px",
  margin: "24px 0 40px",
  "@media": { "screen and (min-width: 860px)": { gridTemplateColumns: "3fr 2fr", alignItems: "start" } },
});
export const detailImage = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});
export const crumbs = style({ margin: "16px 0 0", fontSize: "14px", color: vars.color.muted });
