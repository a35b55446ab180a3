import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  display: "flex",
  flexDirection: "column",
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  overflow: "hidden",
  minWidth: 0,
  height: "100%",
});
export const soldCard = style([card]);

export const media = style({ position: "relative", background: vars.color.surface });
export const imageLink = style({ display: "block" });
export const image = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "4 / 3",
  objectFit: "cover",
});
// A sold car's photo is dimmed, never its text: faded text would fall below readable contrast.
globalStyle(`${soldCard} ${image}`, { opacity: 0.85 });

const tagBase = style({
  position: "absolute",
  top: "10px",
  left: "10px",
  padding: "4px 10px",
  borderRadius: "999px",
  fontSize: "12px",
  fontWeight: 700,
  letterSpacing: "0.03em",
  textTransform: "uppercase",
  color: "#fff",
  boxShadow: "0 1px 3px rgba(0,0,0,0.25)",
});
export const tag = styleVariants({
  danger: [tagBase, { background: vars.color.danger }],
  success: [tagBase, { background: vars.color.success }],
  warning: [tagBase, { background: vars.color.warning }],
  info: [tagBase, { background: vars.color.brand, color: vars.color.brandContrast }],
});
export const certified = style({ position: "absolute", top: "8px", left: "8px", width: "96px", height: "40px" });

export const favourite = style({
  position: "absolute",
  top: "6px",
  right: "6px",
  width: "44px",
  height: "44px",
  display: "grid",
  placeItems: "center",
  border: 0,
  borderRadius: "50%",
  background: "rgba(255,255,255,0.92)",
  color: vars.color.danger,
  cursor: "pointer",
  boxShadow: "0 1px 4px rgba(0,0,0,0.2)",
});

export const body = style({ display: "flex", flexDirection: "column", gap: "10px", padding: "14px 16px 16px", flex: 1 });

export const title = style({ fontSize: "17px", margin: 0, lineHeight: 1.3 });
export const titleLink = style({
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const details = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "6px 12px",
  margin: 0,
  padding: "8px 0",
  borderTop: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: "14px",
});
globalStyle(`${details} dt`, { color: vars.color.muted, fontSize: "11px", textTransform: "uppercase", letterSpacing: "0.04em" });
globalStyle(`${details} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

/** The price (or the sold note) with Save beside it. */
export const priceRow = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "10px" });
export const priceBlock = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });
export const price = style({ margin: 0, display: "flex", alignItems: "baseline", flexWrap: "wrap", gap: "6px" });
export const priceAmount = style({ fontSize: "24px", fontWeight: 800, color: vars.color.text });
export const priceText = style({ fontSize: "17px", fontWeight: 700, color: vars.color.brand });
export const priceType = style({ fontSize: "13px", color: vars.color.muted });
export const wasPrice = style({ margin: 0, fontSize: "14px", color: vars.color.muted });
/** A subscription car's sale price under its weekly price. */
export const salePrice = style({ margin: 0, fontSize: "14px", fontWeight: 600 });
export const soldNote = style({ margin: 0, color: vars.color.muted, fontWeight: 600 });

export const weekly = style({ margin: "4px 0 0", display: "flex", alignItems: "center", gap: "6px", fontSize: "14px", flexWrap: "wrap" });
export const tipAnchor = style({ position: "relative", display: "inline-flex" });
export const tipButton = style({
  width: "28px",
  height: "28px",
  borderRadius: "50%",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  fontStyle: "italic",
  cursor: "help",
  padding: 0,
  // The visible circle is small; the touch target is 44 px.
  selectors: { "&::after": { content: "''", position: "absolute", inset: "-8px" } },
});
export const tip = style({
  position: "absolute",
  bottom: "calc(100% + 8px)",
  left: "50%",
  transform: "translateX(-50%)",
  width: "220px",
  padding: "8px 10px",
  borderRadius: "6px",
  background: "#1f2933",
  color: "#fff",
  fontSize: "13px",
  lineHeight: 1.35,
  zIndex: 5,
  visibility: "hidden",
  opacity: 0,
  transition: "opacity 150ms",
  pointerEvents: "none",
});
globalStyle(`${tipAnchor}:hover ${tip}, ${tipButton}:focus + ${tip}`, { visibility: "visible", opacity: 1 });
export const terms = style({ fontSize: "13px", padding: "12px 4px", margin: "-12px 0" });

export const actions = style({ marginTop: "auto", display: "flex", flexDirection: "column", gap: "8px" });
export const primaryAction = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "10px 16px",
  borderRadius: vars.radius.button,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontWeight: 700,
  textDecoration: "none",
});
export const secondaryActions = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "6px",
});
export const secondaryAction = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  height: "100%",
  padding: "6px 8px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: "13px",
  fontWeight: 600,
  textAlign: "center",
  textDecoration: "none",
  lineHeight: 1.2,
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.brand } },
});
export const compare = style({
  position: "absolute",
  left: "8px",
  bottom: "8px",
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  minHeight: "44px",
  padding: "0 12px 0 10px",
  borderRadius: "999px",
  background: "rgba(255,255,255,0.92)",
  color: vars.color.text,
  boxShadow: "0 1px 4px rgba(0,0,0,0.2)",
  fontSize: "14px",
  fontWeight: 600,
  cursor: "pointer",
});
globalStyle(`${compare} input`, { width: "20px", height: "20px", accentColor: vars.color.brand });
