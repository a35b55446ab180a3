/** Shared look of the enquiry pages: a heading band, the form in a card, the chosen car beside it. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 900px)";

export const page = style({ paddingTop: "24px", paddingBottom: "48px" });

export const header = style({ maxWidth: "760px", marginBottom: "24px" });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: "28px",
  lineHeight: 1.2,
  margin: "0 0 8px",
  "@media": { [desktop]: { fontSize: "36px" } },
});
export const lead = style({ color: vars.color.muted, fontSize: "17px", margin: 0 });

/** Phones: the car, the form, then what happens next. Desktop: the form beside the car and the note. */
export const layout = style({
  display: "grid",
  gap: "24px",
  alignItems: "start",
  gridTemplateAreas: '"car" "form" "note"',
  "@media": {
    [desktop]: { gridTemplateColumns: "minmax(0, 1fr) 360px", gridTemplateAreas: '"form car" "form note"', gridTemplateRows: "auto 1fr" },
  },
});
export const carArea = style({ gridArea: "car" });
export const noteArea = style({ gridArea: "note" });

export const formCard = style({
  gridArea: "form",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
  scrollMarginTop: "96px",
  "@media": { [desktop]: { padding: "28px" } },
});
export const formTitle = style({ fontFamily: vars.font.heading, fontSize: "20px", margin: "0 0 16px" });

export const carCard = style({
  display: "grid",
  gridTemplateColumns: "120px minmax(0, 1fr)",
  gap: "12px",
  alignItems: "center",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "12px",
  "@media": { [desktop]: { gridTemplateColumns: "1fr", padding: "0", overflow: "hidden" } },
});
export const carImage = style({
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.button,
  background: vars.color.border,
  display: "block",
  "@media": { [desktop]: { borderRadius: 0 } },
});
export const carBody = style({ "@media": { [desktop]: { padding: "0 16px 16px" } } });
export const carLabel = style({
  fontSize: "12px",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.muted,
  margin: 0,
});
export const carTitle = style({ fontSize: "17px", fontWeight: 700, margin: "2px 0 6px", lineHeight: 1.3 });
export const carPrice = style({ fontSize: "22px", fontWeight: 700, color: vars.color.brand, margin: 0 });
export const carMeta = style({ fontSize: "14px", color: vars.color.muted, margin: "4px 0 0" });
export const was = style({ textDecoration: "line-through", color: vars.color.muted, fontSize: "14px", marginLeft: "8px", fontWeight: 400 });

export const note = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.accent}`,
  borderRadius: vars.radius.card,
  padding: "14px 16px",
  fontSize: "15px",
});
globalStyle(`${note} p`, { margin: "0 0 6px" });
globalStyle(`${note} p:last-child`, { marginBottom: 0 });

export const steps = style({ margin: 0, paddingLeft: "20px", fontSize: "15px", display: "grid", gap: "4px" });

/** The page-specific fields: two columns from tablet width up, like the contact fields below them. */
export const extraGrid = style({
  display: "grid",
  gap: "12px",
  border: "none",
  borderBottom: `1px solid ${vars.color.border}`,
  margin: "0 0 16px",
  padding: "0 0 16px",
  minWidth: 0,
  "@media": { "screen and (min-width: 640px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const extraLegend = style({ fontWeight: 700, fontSize: "16px", padding: 0, marginBottom: "10px" });
export const hint = style({ fontSize: "13px", color: vars.color.muted, marginTop: "4px" });
export const required = style({ color: vars.color.danger });
export const contactHeading = style({ fontWeight: 700, fontSize: "16px", margin: "4px 0 10px" });

export const unavailable = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "24px",
  display: "grid",
  gap: "12px",
  justifyItems: "start",
});
