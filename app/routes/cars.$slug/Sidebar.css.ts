/** The vehicle sidebar: title, price, facts and the buttons a shopper acts on. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const sidebar = style({
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "18px 16px",
  display: "grid",
  gap: "14px",
  "@media": { "screen and (min-width: 640px)": { padding: "22px 24px" } },
});
/** On wide screens an available car's sidebar stays in view below the sticky header (it fits the screen). */
export const stickySidebar = style({
  "@media": { "screen and (min-width: 960px) and (min-height: 760px)": { position: "sticky", top: "80px" } },
});
export const heading = style({ fontSize: "26px", margin: 0, lineHeight: 1.15 });
export const subheading = style({ display: "block", fontSize: "17px", fontWeight: 500, color: vars.color.muted, marginTop: "4px" });
export const topRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  minHeight: "24px",
  flexWrap: "wrap",
});
export const views = style({ display: "inline-flex", alignItems: "center", gap: "6px", fontSize: "14px", color: vars.color.muted });

export const priceRow = style({ display: "flex", alignItems: "baseline", gap: "8px", flexWrap: "wrap", margin: 0 });
export const price = style({ fontSize: "32px", fontWeight: 800, color: vars.color.brand, lineHeight: 1.1 });
export const priceText = style({ fontSize: "22px", fontWeight: 700, color: vars.color.text });
export const priceType = style({ fontSize: "14px", color: vars.color.muted, fontWeight: 600 });
export const wasPrice = style({ margin: "2px 0 0", color: vars.color.muted });
/** A subscription car's sale price under its weekly price. */
export const salePrice = style({ margin: "2px 0 0", fontWeight: 600 });
export const estimate = style({ margin: 0, fontSize: "15px" });
export const estimateLink = style({ fontWeight: 700 });
export const marketNote = style({
  display: "flex",
  gap: "8px",
  alignItems: "center",
  margin: 0,
  padding: "8px 10px",
  borderRadius: "6px",
  background: "#e8f5ec",
  color: vars.color.success,
  fontWeight: 600,
  fontSize: "14px",
});

export const icons = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 18px",
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.text,
});
globalStyle(`${icons} li`, { display: "inline-flex", alignItems: "center", gap: "6px", fontSize: "15px" });
globalStyle(`${icons} svg`, { color: vars.color.muted });

export const locationLink = style({ display: "inline-flex", alignItems: "center", gap: "6px", minHeight: "44px", fontWeight: 600 });

export const buttons = style({ display: "grid", gap: "10px" });
globalStyle(`${buttons} > *`, { width: "100%" });
export const buttonPair = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "10px" });

export const tools = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "6px",
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: "12px",
  position: "relative",
});
export const tool = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  minHeight: "44px",
  padding: "0 12px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: "14px",
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&[aria-disabled='true'], &:disabled": { opacity: 0.6, cursor: "progress" } },
});
export const favouriteSlot = style({ display: "inline-flex", minWidth: "44px", minHeight: "44px", position: "relative" });
globalStyle(`${favouriteSlot} > button`, { position: "static", margin: 0 });

export const shareMenu = style({
  position: "absolute",
  zIndex: 30,
  top: "calc(100% + 6px)",
  right: 0,
  minWidth: "220px",
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  boxShadow: "0 10px 30px rgba(0,0,0,0.15)",
  padding: "6px",
  display: "grid",
});
export const shareItem = style({
  display: "flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 12px",
  borderRadius: "6px",
  color: vars.color.text,
  textDecoration: "none",
  background: "none",
  border: 0,
  textAlign: "left",
  cursor: "pointer",
  font: "inherit",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surface } },
});
export const shareDetails = style({ position: "relative" });
export const shareSummary = style({ listStyle: "none", selectors: { "&::-webkit-details-marker": { display: "none" } } });

export const phone = style({ fontVariantNumeric: "tabular-nums", letterSpacing: "0.02em" });
/** Call Now with its line's name ('New car sales') on a second, smaller line. */
export const callWithLine = style({ flexWrap: "wrap", rowGap: 0 });
export const callLine = style({ flexBasis: "100%", textAlign: "center", fontSize: "13px", fontWeight: 400 });

export const sold = style({
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.card,
  padding: "16px",
  background: "#fff5f5",
  scrollMarginTop: "80px",
});
export const soldLabel = style({
  display: "inline-block",
  background: vars.color.danger,
  color: "#fff",
  fontWeight: 800,
  letterSpacing: "0.1em",
  padding: "4px 12px",
  borderRadius: "4px",
  marginBottom: "8px",
});
export const soldText = style({ fontWeight: 600, margin: "0 0 12px" });
export const depositNote = style({ margin: "-4px 0 0", fontSize: "13px", color: vars.color.muted, textAlign: "center" });
