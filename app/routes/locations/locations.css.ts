import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ paddingTop: "24px", paddingBottom: "48px" });
export const title = style({ fontSize: "clamp(26px, 5vw, 36px)", margin: "0 0 8px" });
export const intro = style({ color: vars.color.muted, margin: "0 0 20px" });

export const filters = style({ display: "flex", flexWrap: "wrap", gap: "8px", listStyle: "none", padding: 0, margin: "0 0 24px" });
export const filterLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "8px 16px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  selectors: { "&[aria-current='page']": { background: vars.color.brand, color: vars.color.brandContrast, borderColor: vars.color.brand } },
});

const gridBase = style({ display: "grid", gap: "20px", listStyle: "none", padding: 0, margin: 0, gridTemplateColumns: "1fr" });
/** Columns by count (app/domain/locations.ts gridColumns): one on phones, the rule's columns from tablets up. */
export const grid = styleVariants({ 1: "", 2: "", 3: "", 4: "" } as const, (_, key) => [
  gridBase,
  {
    "@media": {
      "(min-width: 700px)": { gridTemplateColumns: `repeat(${Math.min(Number(key), 2)}, minmax(0, 1fr))` },
      "(min-width: 1000px)": { gridTemplateColumns: `repeat(${Math.min(Number(key), 3)}, minmax(0, 1fr))` },
    },
  },
]);
export const gridWide = style({ "@media": { "(min-width: 1200px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } } });
export const gridFew = style({ maxWidth: "820px" });

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: "10px",
  height: "100%",
  padding: "20px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.background,
});
export const cardTitle = style({ fontSize: "20px", margin: 0 });
export const cardTitleLink = style({
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});
export const department = style({
  alignSelf: "flex-start",
  fontSize: "12px",
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
  color: vars.color.brand,
});
export const address = style({ fontStyle: "normal", margin: 0 });
export const phones = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: "4px 16px" });
export const phoneLink = style({ color: vars.color.brand, fontWeight: 600, display: "inline-block", padding: "4px 0" });
export const hours = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
export const hoursCell = style({
  padding: "4px 0",
  borderBottom: `1px solid ${vars.color.surface}`,
  verticalAlign: "top",
  textAlign: "left",
});
export const hoursTime = style([hoursCell, { textAlign: "right" }]);
export const special = style({ display: "block", fontSize: "12px", color: vars.color.warning });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px", marginTop: "auto", paddingTop: "8px" });
export const empty = style({ padding: "24px", background: vars.color.surface, borderRadius: vars.radius.card });

/** The Sales/Service tabs variant: radio inputs styled as tabs; the checked one's panel shows (no script). */
export const tabs = style({
  display: "flex",
  gap: "4px",
  border: 0,
  padding: 0,
  margin: 0,
  borderBottom: `2px solid ${vars.color.border}`,
});
export const tab = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "8px 16px",
  fontWeight: 600,
  cursor: "pointer",
  borderBottom: "3px solid transparent",
  marginBottom: "-2px",
  selectors: { "&:has(input:checked)": { borderBottomColor: vars.color.brand, color: vars.color.brand } },
});
export const tabInput = style({
  position: "absolute",
  opacity: 0,
  inset: 0,
  margin: 0,
  cursor: "pointer",
});
globalStyle(`${tab}:has(${tabInput}:focus-visible)`, { outline: `2px solid ${vars.color.brand}`, outlineOffset: "2px" });
export const salesPanel = style({ display: "flex", flexDirection: "column", gap: "10px" });
export const servicePanel = style({ display: "none", flexDirection: "column", gap: "10px" });
globalStyle(`${card}:has(input[value="service"]:checked) ${salesPanel}`, { display: "none" });
globalStyle(`${card}:has(input[value="service"]:checked) ${servicePanel}`, { display: "flex" });
