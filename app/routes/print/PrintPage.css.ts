import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const sheet = style({ maxWidth: "900px", margin: "0 auto", padding: "20px 16px 40px" });
export const toolbar = style({ display: "flex", gap: "10px", justifyContent: "flex-end", margin: "0 0 16px" });
export const head = style({
  display: "flex",
  justifyContent: "space-between",
  gap: "16px",
  alignItems: "flex-start",
  flexWrap: "wrap",
  borderBottom: `3px solid ${vars.color.brand}`,
  paddingBottom: "10px",
  marginBottom: "16px",
});
export const dealerName = style({ fontSize: "20px", fontWeight: 800, color: vars.color.brand, margin: 0 });
export const title = style({ fontSize: "28px", margin: "0 0 4px" });
export const subtitle = style({ color: vars.color.muted, margin: "0 0 14px" });
export const hero = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 2",
  objectFit: "contain",
  background: vars.color.surface,
  borderRadius: "8px",
});
export const thumb = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 2",
  objectFit: "contain",
  background: vars.color.surface,
  borderRadius: "6px",
});
export const photos = style({ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "8px", margin: "8px 0 0" });
export const price = style({ fontSize: "30px", fontWeight: 800, color: vars.color.brand, margin: "16px 0 0" });
export const columns = style({ display: "grid", gap: "8px 32px", gridTemplateColumns: "repeat(2, minmax(0, 1fr))" });
export const block = style({ marginTop: "18px" });
export const blockTitle = style({
  fontSize: "18px",
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: "4px",
  margin: "0 0 8px",
  breakAfter: "avoid",
});
export const features = style({ columns: 3, columnGap: "18px", margin: 0, paddingLeft: "18px", fontSize: "14px" });
export const footer = style({
  marginTop: "24px",
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: "10px",
  fontSize: "13px",
  color: vars.color.muted,
});

// On paper: only the brochure, no site chrome or buttons, black on white, full width.
globalStyle("body > header, body > footer, [data-print-hide]", { "@media": { print: { display: "none !important" } } });
globalStyle(`${sheet}`, { "@media": { print: { maxWidth: "none", padding: 0 } } });
globalStyle("html", { "@media": { print: { fontSize: "12px" } } });
globalStyle(`${sheet} a`, { "@media": { print: { color: "inherit", textDecoration: "none" } } });
globalStyle(`${hero}`, { "@media": { print: { maxHeight: "85mm" } } });
globalStyle(`${thumb}`, { "@media": { print: { maxHeight: "32mm" } } });
