import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 960px)";
const narrow = "screen and (max-width: 520px)";

export const header = style({
  background: vars.color.headerBackground,
  color: vars.color.headerText,
  borderBottom: `3px solid ${vars.color.brand}`,
  position: "relative",
  zIndex: 20,
});
// The focus ring in the header is drawn in the header's text colour (the theme's focus colour may vanish
// on a dark or brand-coloured header); desktop dropdowns sit on the page background and keep the page's ring.
globalStyle(`${header} :focus-visible`, { outlineColor: vars.color.headerText });
export const headerMenuOpen = style({ boxShadow: "0 6px 20px rgba(0,0,0,0.12)" });
export const skip = style({});
globalStyle(`${skip}:focus`, { position: "static", width: "auto", height: "auto", clip: "auto", padding: "8px" });

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 16px",
  minHeight: "64px",
});

export const logo = style({
  fontFamily: vars.font.heading,
  fontWeight: 800,
  fontSize: "20px",
  color: vars.color.logo,
  textDecoration: "none",
  letterSpacing: "-0.01em",
  marginRight: "auto",
  "@media": { [narrow]: { fontSize: "17px" } },
});

export const phone = style({
  color: vars.color.headerText,
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  padding: "10px 4px",
});
export const phoneNumber = style({ "@media": { [narrow]: { display: "none" } } });
/** 'Sales' before the header's number: lighter, so the number still reads first. */
export const phoneLabel = style({ fontWeight: 400, fontSize: "0.875em" });
export const phoneShort = style({ display: "none", "@media": { [narrow]: { display: "inline" } } });

/** The menu's checkbox: named by its "Menu" label, and gone with it on desktop, where the menu is always open. */
export const toggleInput = style({ "@media": { [desktop]: { display: "none" } } });
export const toggle = style({
  padding: "8px 14px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  cursor: "pointer",
  fontWeight: 600,
  "@media": { [desktop]: { display: "none" } },
});

export const nav = style({
  display: "none",
  flexBasis: "100%",
  "@media": { [desktop]: { display: "block", flexBasis: "auto" } },
});
globalStyle(`${toggleInput}:checked ~ ${nav}`, { display: "block" });
globalStyle(`${toggleInput}:focus-visible + ${toggle}`, { outline: `3px solid ${vars.color.focus}` });

export const menu = style({
  listStyle: "none",
  margin: 0,
  padding: "0 0 12px",
  display: "flex",
  flexDirection: "column",
  "@media": { [desktop]: { flexDirection: "row", padding: 0, gap: "4px" } },
});
export const menuItem = style({ position: "relative" });

export const menuLink = style({
  display: "block",
  padding: "10px 10px",
  color: vars.color.headerText,
  textDecoration: "none",
  fontWeight: 600,
  cursor: "pointer",
  listStyle: "none",
  whiteSpace: "nowrap",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
globalStyle(`summary${menuLink}::after`, { content: '" ▾"', fontSize: "12px" });

export const dropdown = style({});
export const dropdownList = style({
  listStyle: "none",
  margin: 0,
  padding: "4px 0 8px 12px",
  "@media": {
    [desktop]: {
      position: "absolute",
      top: "100%",
      left: 0,
      minWidth: "220px",
      maxHeight: "70vh",
      overflowY: "auto",
      padding: "8px 0",
      background: vars.color.background,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.card,
      boxShadow: "0 10px 30px rgba(0,0,0,0.15)",
    },
  },
});
globalStyle(`${dropdownList} :focus-visible`, { "@media": { [desktop]: { outlineColor: vars.color.focus } } });
// On a phone the submenu opens inside the header, on its colours; on a desktop it drops over the page.
export const dropdownLink = style({
  display: "block",
  padding: "8px 16px",
  color: vars.color.headerText,
  textDecoration: "none",
  ":hover": { textDecoration: "underline" },
  "@media": { [desktop]: { color: vars.color.text, selectors: { "&:hover": { background: vars.color.surface, textDecoration: "none" } } } },
});
