import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const title = style({ margin: "24px 0 12px" });
export const tabs = style({
  display: "flex",
  gap: "4px",
  overflowX: "auto",
  listStyle: "none",
  margin: "0 0 20px",
  padding: 0,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "8px 12px",
  fontSize: "13px",
  fontWeight: 700,
  letterSpacing: "0.04em",
  whiteSpace: "nowrap",
  color: vars.color.muted,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
  selectors: { '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand } },
});
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))",
  gap: "16px",
  listStyle: "none",
  margin: "0 0 40px",
  padding: 0,
});
export const empty = style({ padding: "24px 0 48px" });
