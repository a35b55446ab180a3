/** Layout and shared pieces of the vehicle page. */
import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const desktop = "screen and (min-width: 960px)";
export const tablet = "screen and (min-width: 640px)";

/** Hidden when JavaScript is off (a <noscript> style rule targets it), for controls only script can run. */
export const jsOnly = style({});

export const page = style({
  display: "grid",
  gap: "20px",
  gridTemplateColumns: "minmax(0, 1fr)",
  gridTemplateAreas: `"crumbs" "gallery" "side" "main"`,
  padding: "12px 0 32px",
  "@media": {
    [desktop]: {
      gridTemplateColumns: "minmax(0, 1fr) 380px",
      gridTemplateAreas: `"crumbs crumbs" "gallery side" "main side"`,
      columnGap: "32px",
    },
  },
});
export const crumbsArea = style({ gridArea: "crumbs", minWidth: 0 });
export const galleryArea = style({ gridArea: "gallery", minWidth: 0 });
export const sideArea = style({ gridArea: "side", minWidth: 0 });
export const mainArea = style({ gridArea: "main", minWidth: 0, display: "grid", gap: "20px", alignContent: "start" });
export const fullWidth = style({ padding: "8px 0 24px" });
/** Room under the page for the mobile bottom bar, so it never covers the footer's last line. */
export const bottomBarSpace = style({ height: "72px", "@media": { [desktop]: { display: "none" } } });

export const crumbs = style({ fontSize: "14px", color: vars.color.muted });
/*
 * One line of crumbs on one baseline: each item is a flex row holding its own '›', so a separator never
 * stays behind at the end or start of a line; the links and the current car share one padding and line
 * height (no item sits higher). The current car takes the rest of the line and ends in '…' when it is
 * too long; with less than 12 characters' room it moves to the next line whole, its '›' with it.
 */
export const crumbList = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  columnGap: "4px",
  listStyle: "none",
  margin: 0,
  padding: 0,
  lineHeight: "20px",
});
globalStyle(`${crumbList} li`, { display: "flex", alignItems: "center", minWidth: 0, whiteSpace: "nowrap" });
globalStyle(`${crumbList} li:last-child`, { flex: "1 1 12ch" });
globalStyle(`${crumbList} li + li::before`, { content: '"›"', margin: "0 6px 0 2px", color: vars.color.muted, flex: "none" });
globalStyle(`${crumbList} a`, { color: vars.color.muted, textDecoration: "none", display: "block", padding: "12px 0" });
globalStyle(`${crumbList} a:hover`, { textDecoration: "underline" });
globalStyle(`${crumbList} [aria-current]`, {
  color: vars.color.text,
  display: "block",
  padding: "12px 0",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const section = style({
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "18px 16px",
  scrollMarginTop: "96px",
  "@media": { [tablet]: { padding: "22px 24px" } },
});
export const sectionTitle = style({ fontSize: "20px", margin: "0 0 12px" });
export const sectionIntro = style({ color: vars.color.muted, margin: "-4px 0 14px" });
export const muted = style({ color: vars.color.muted });
export const small = style({ fontSize: "14px" });

export const infoGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "10px 16px",
  margin: 0,
  "@media": { [tablet]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});
globalStyle(`${infoGrid} > div`, { background: vars.color.surface, borderRadius: "6px", padding: "10px 12px", minWidth: 0 });
globalStyle(`${infoGrid} dt`, { fontSize: "13px", color: vars.color.muted });
globalStyle(`${infoGrid} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

/** A <details> that reveals the rest of a list; its summary reads 'Show More' closed and 'Show Less' open. */
export const moreDetails = style({ marginTop: "10px" });
export const moreSummary = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 4px",
  fontWeight: 600,
  color: vars.color.brand,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const whenClosed = style({});
export const whenOpen = style({ display: "none" });
globalStyle(`details[open] > ${moreSummary} ${whenClosed}`, { display: "none" });
globalStyle(`details[open] > ${moreSummary} ${whenOpen}`, { display: "inline" });
export const moreBody = style({ marginTop: "10px" });

export const featureList = style({
  columns: "2 200px",
  columnGap: "24px",
  margin: 0,
  padding: 0,
  listStyle: "none",
});
globalStyle(`${featureList} li`, { breakInside: "avoid", padding: "6px 0 6px 26px", position: "relative" });
globalStyle(`${featureList} li::before`, {
  content: '""',
  position: "absolute",
  left: "4px",
  top: "12px",
  width: "12px",
  height: "7px",
  borderLeft: `2px solid ${vars.color.success}`,
  borderBottom: `2px solid ${vars.color.success}`,
  transform: "rotate(-45deg)",
});

export const specGroup = style({ margin: "0 0 16px", breakInside: "avoid" });
export const specTable = style({ width: "100%", borderCollapse: "collapse", fontSize: "15px" });
globalStyle(`${specTable} th, ${specTable} td`, {
  textAlign: "left",
  padding: "8px 0",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
globalStyle(`${specTable} th`, { fontWeight: 400, color: vars.color.muted, width: "50%", paddingRight: "12px" });
globalStyle(`${specTable} td`, { fontWeight: 600 });
export const specColumns = style({ columns: "2 300px", columnGap: "32px" });
/** Calculator inputs side by side where they fit. */
export const inputRow = style({ display: "grid", gap: "12px", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" });
export const calculators = style({ display: "grid", gap: "20px", alignItems: "start" });

export const actionsRow = style({ display: "flex", flexWrap: "wrap", gap: "10px", marginTop: "12px" });

export const formGrid = style({
  display: "grid",
  gap: "12px",
  "@media": { [tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const formWide = style({ "@media": { [tablet]: { gridColumn: "1 / -1" } } });
export const honeypot = style({ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" });
export const checkboxRow = style({ display: "flex", gap: "10px", alignItems: "center", minHeight: "44px" });
globalStyle(`${checkboxRow} input`, { width: "20px", height: "20px" });
export const required = style({ color: vars.color.danger });

export const result = style({
  marginTop: "12px",
  padding: "12px 14px",
  borderRadius: "6px",
  background: vars.color.surface,
  borderLeft: `4px solid ${vars.color.success}`,
});
export const resultError = style([result, { borderLeftColor: vars.color.danger }]);
export const resultFigure = style({ fontSize: "22px", fontWeight: 700 });

const spin = keyframes({ to: { transform: "rotate(360deg)" } });
export const spinner = style({
  display: "inline-block",
  width: "22px",
  height: "22px",
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.brand,
  borderRadius: "50%",
  animation: `${spin} 0.8s linear infinite`,
});

export const toast = style({
  position: "fixed",
  left: "50%",
  bottom: "88px",
  transform: "translateX(-50%)",
  zIndex: 60,
  background: "#111827",
  color: "#fff",
  padding: "12px 18px",
  borderRadius: "8px",
  boxShadow: "0 8px 24px rgba(0,0,0,0.25)",
  maxWidth: "min(92vw, 480px)",
  textAlign: "center",
  "@media": { [desktop]: { bottom: "32px" } },
});

export const disclaimer = style({ fontSize: "13px", color: vars.color.muted, lineHeight: 1.5, margin: 0 });

export const pill = styleVariants({
  danger: { background: vars.color.danger },
  info: { background: vars.color.brand },
  warning: { background: vars.color.warning },
  success: { background: vars.color.success },
});
export const pillBase = style({
  display: "inline-block",
  padding: "3px 10px",
  borderRadius: "999px",
  color: "#fff",
  fontSize: "12px",
  fontWeight: 700,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
});

export const featuresBanner = style({
  display: "grid",
  gap: "12px",
  "@media": { [tablet]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});
export const featureLink = style({
  display: "grid",
  alignContent: "start",
  gap: "2px",
  padding: "14px 16px",
  minHeight: "44px",
  borderRadius: vars.radius.card,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  textDecoration: "none",
  selectors: { "&:hover": { filter: "brightness(1.08)" } },
});
globalStyle(`${featureLink} span`, { fontSize: "14px", opacity: 0.9 });
