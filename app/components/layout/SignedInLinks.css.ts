import { style } from "@vanilla-extract/css";

/** A signed-in shopper's 'My Garage' and 'Sign out' (loaded with SignedInLinks.tsx). */
export const shopper = style({ display: "flex", alignItems: "center", gap: "12px", fontSize: "14px" });
export const shopperLink = style({ color: "inherit", fontWeight: 600 });
export const shopperButton = style({
  background: "none",
  border: 0,
  padding: 0,
  color: "inherit",
  font: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
  minHeight: "44px",
});
