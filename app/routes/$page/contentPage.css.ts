/** A content page: a readable column of the dealer's text, and the page's form in a card under it. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 900px)";

export const page = style({ paddingTop: "24px", paddingBottom: "48px", display: "grid", gap: "32px" });

/** The text keeps a readable measure; a location block under it may be wider (its cards' grid). */
export const article = style({ minWidth: 0 });

export const title = style({
  fontFamily: vars.font.heading,
  fontSize: "28px",
  lineHeight: 1.2,
  margin: "0 0 16px",
  "@media": { [desktop]: { fontSize: "36px" } },
});

export const prose = style({ maxWidth: "760px", fontSize: "17px", lineHeight: 1.6, overflowWrap: "anywhere" });

/** A location block between runs of text, with its heading sized as the text's own section headings. */
export const locationBlock = style({ margin: "32px 0 24px" });
export const blockTitle = style({ fontFamily: vars.font.heading, fontSize: "22px", lineHeight: 1.3, margin: "0 0 12px" });
export const locations = style({ margin: "8px 0 24px" });
globalStyle(`${prose} h2`, { fontFamily: vars.font.heading, fontSize: "22px", lineHeight: 1.3, margin: "32px 0 8px" });
globalStyle(`${prose} h3`, { fontSize: "18px", lineHeight: 1.3, margin: "24px 0 8px" });
globalStyle(`${prose} p, ${prose} ul, ${prose} ol`, { margin: "0 0 16px" });
globalStyle(`${prose} li`, { marginBottom: "6px" });
globalStyle(`${prose} a`, { color: vars.color.brand, textDecoration: "underline" });
globalStyle(`${prose} blockquote`, {
  margin: "0 0 16px",
  padding: "12px 16px",
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surface,
});
globalStyle(`${prose} table`, { borderCollapse: "collapse", width: "100%", margin: "0 0 16px", fontSize: "15px" });
globalStyle(`${prose} th, ${prose} td`, { border: `1px solid ${vars.color.border}`, padding: "8px", textAlign: "left" });

export const formCard = style({
  maxWidth: "760px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
  scrollMarginTop: "96px",
  "@media": { [desktop]: { padding: "28px" } },
});

export const formTitle = style({ fontFamily: vars.font.heading, fontSize: "22px", margin: "0 0 16px" });

/** The online service booking provider's page, framed: wider than the text, tall enough for its steps. */
export const bookingCard = style([formCard, { maxWidth: "1000px" }]);
export const bookingFrame = style({
  display: "block",
  width: "100%",
  height: "720px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.background,
  margin: "0 0 12px",
});
