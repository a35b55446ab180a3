import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 960px)";

export const panel = style({
  // In the phone menu it is a card on the page's colours, so its tabs and models read on any header.
  padding: "12px",
  margin: "4px 0 12px",
  background: vars.color.background,
  color: vars.color.text,
  borderRadius: vars.radius.card,
  "@media": {
    [desktop]: {
      // Under the whole header (the header is the positioned box), so the cards have room.
      position: "absolute",
      top: "100%",
      left: 0,
      right: 0,
      margin: "3px 0 0",
      borderRadius: 0,
      padding: "16px max(16px, calc((100vw - 1240px) / 2 + 16px))",
      background: vars.color.background,
      borderBottom: `1px solid ${vars.color.border}`,
      boxShadow: "0 10px 30px rgba(0,0,0,0.15)",
      maxHeight: "75vh",
      overflowY: "auto",
    },
  },
});

export const tabs = style({
  // The row scrolls sideways rather than widening the phone menu it sits in.
  contain: "inline-size",
  display: "flex",
  gap: "4px",
  overflowX: "auto",
  paddingBottom: "8px",
  marginBottom: "12px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flex: "0 0 auto",
  padding: "8px 12px",
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
  fontSize: "13px",
  fontWeight: 700,
  letterSpacing: "0.04em",
  color: vars.color.muted,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
  selectors: {
    '&[aria-selected="true"], &[aria-current="true"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    "&:hover": { color: vars.color.text },
  },
});

export const cards = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(140px, 100%), 1fr))",
  gap: "12px",
  "@media": { [desktop]: { gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))" } },
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  padding: "8px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  background: vars.color.background,
  ":hover": { borderColor: vars.color.brand },
});

export const image = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "contain",
  background: vars.color.surface,
  borderRadius: "4px",
});

export const make = style({ fontSize: "12px", color: vars.color.muted, textTransform: "uppercase", letterSpacing: "0.04em" });
export const name = style({ fontWeight: 700 });
export const discover = style({
  marginTop: "auto",
  alignSelf: "flex-start",
  fontSize: "13px",
  fontWeight: 700,
  color: vars.color.brand,
  textDecoration: "underline",
});
export const empty = style({ margin: 0, color: vars.color.muted });

// The menu item stops being the panel's positioned box, so the panel spans the header.
globalStyle("li:has(> [data-model-dropdown])", { "@media": { [desktop]: { position: "static" } } });
