import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "inline-flex", margin: 0 });

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "6px",
  minHeight: "44px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  whiteSpace: "nowrap",
  selectors: {
    "&[aria-pressed='true']": { color: vars.color.brand, borderColor: vars.color.brand },
    "&:hover": { borderColor: vars.color.brand },
    "&:disabled": { opacity: 0.6, cursor: "progress" },
  },
});

/** `page`: among the vehicle page's tools; `card`: beside a card's price, compact. */
export const button = styleVariants({
  page: [buttonBase, { padding: "0 12px" }],
  card: [buttonBase, { minWidth: "84px", padding: "0 10px", fontSize: "14px" }],
});
