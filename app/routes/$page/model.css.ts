/** A model's landing page: its picture beside its name on wide screens, then its offers, its stock and the enquiry. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 860px)";

export const hero = style({
  display: "grid",
  gap: "24px",
  alignItems: "center",
  padding: "24px 0",
  "@media": { [desktop]: { gridTemplateColumns: "2fr 3fr" } },
});
export const heroText = style({ minWidth: 0 });
export const make = style({ margin: 0, color: vars.color.muted, fontWeight: 600, textTransform: "uppercase", letterSpacing: "0.06em" });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: "32px",
  lineHeight: 1.15,
  margin: "4px 0 12px",
  "@media": { [desktop]: { fontSize: "44px" } },
});
export const body = style({ margin: "0 0 4px", fontSize: "17px" });
export const count = style({ margin: "0 0 16px", color: vars.color.muted });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "12px", margin: 0 });
export const image = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});
export const section = style({ margin: "32px 0" });
export const sectionTitle = style({ fontFamily: vars.font.heading, fontSize: "24px", margin: "0 0 16px" });
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
});
export const more = style({ margin: "20px 0 0" });
export const formCard = style({
  maxWidth: "760px",
  margin: "32px 0 48px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
  scrollMarginTop: "96px",
  "@media": { [desktop]: { padding: "28px" } },
});
