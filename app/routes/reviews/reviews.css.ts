import { style } from "@vanilla-extract/css";

export const summary = style({ fontSize: "18px", margin: "0 0 20px" });
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: "12px", maxWidth: "820px" });
/** A review the 'Show more' link lands on clears the sticky header. */
export const item = style({ scrollMarginTop: "96px" });
export const more = style({ margin: "20px 0 0" });
