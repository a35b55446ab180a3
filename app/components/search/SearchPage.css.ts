import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { drawnWhenNear } from "~/styles/drawnWhenNear";

const desktop = "screen and (min-width: 960px)";
const tablet = "screen and (min-width: 620px)";

export const page = style({ paddingTop: "20px", paddingBottom: "48px" });
export const heading = style({ fontSize: "clamp(22px, 4vw, 30px)", margin: "0 0 4px" });
export const layout = style({
  display: "grid",
  gap: "24px",
  alignItems: "start",
  "@media": { [desktop]: { gridTemplateColumns: "300px minmax(0, 1fr)" } },
});

/* Filters: a panel beside the results on desktop; behind a 'Filters' toggle on phones (works without JS). */
export const filterToggleInput = style({});
export const filterToggle = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "8px",
  minHeight: "44px",
  padding: "10px 16px",
  borderRadius: vars.radius.button,
  border: `2px solid ${vars.color.brand}`,
  color: vars.color.brand,
  fontWeight: 700,
  cursor: "pointer",
  width: "100%",
  "@media": { [desktop]: { display: "none" } },
});
export const panel = style({
  display: "none",
  background: vars.color.surface,
  borderRadius: vars.radius.card,
  padding: "16px",
  "@media": { [desktop]: { display: "block", position: "sticky", top: "12px", maxHeight: "calc(100vh - 24px)", overflowY: "auto" } },
});
// On desktop the panel is always shown: its toggle (and the label hiding with it) leaves the page.
globalStyle(filterToggleInput, { "@media": { [desktop]: { display: "none" } } });
globalStyle(`${filterToggleInput}:checked ~ ${panel}`, { display: "block", marginTop: "12px" });
globalStyle(`${filterToggleInput}:focus-visible + ${filterToggle}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

export const form = style({ display: "flex", flexDirection: "column", gap: "18px" });
export const facetTitle = style({ fontWeight: 700, fontSize: "15px", padding: 0, marginBottom: "8px" });
export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const keywordRow = style({ display: "flex", flexDirection: "column", gap: "4px" });
export const keywordLabel = style({ fontWeight: 700, fontSize: "15px" });

export const tiles = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(82px, 1fr))", gap: "8px" });
export const tileLabel = style({ position: "relative", display: "block", cursor: "pointer" });
export const tileInput = style({ position: "absolute", opacity: 0, width: "1px", height: "1px", margin: 0 });
export const tileBody = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "4px",
  minHeight: "84px",
  padding: "8px 4px",
  borderRadius: vars.radius.button,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  fontSize: "13px",
  fontWeight: 600,
  textAlign: "center",
  lineHeight: 1.2,
  overflowWrap: "anywhere",
  selectors: { [`${tileLabel}:hover &`]: { borderColor: vars.color.brand } },
});
globalStyle(`${tileInput}:checked + ${tileBody}`, {
  borderColor: vars.color.brand,
  boxShadow: `inset 0 0 0 1px ${vars.color.brand}`,
  background: vars.color.surface,
});
globalStyle(`${tileInput}:focus-visible + ${tileBody}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
export const tileImage = style({ width: "40px", height: "40px", objectFit: "contain" });
export const bodyImage = style({ width: "72px", height: "34px", objectFit: "contain" });
export const tileCount = style({ color: vars.color.muted, fontWeight: 400, fontSize: "12px" });

export const moreMakes = style({ marginTop: "8px" });
export const summary = style({
  cursor: "pointer",
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
  fontWeight: 700,
  color: vars.color.brand,
});
/** 'Show all makes' / 'Show fewer makes': the summary names what it does next, its chevron turns. */
export const moreMakesSummary = style([summary, { gap: "6px", listStyle: "none" }]);
export const whenClosed = style({});
export const whenOpen = style({});
globalStyle(`${moreMakesSummary}::-webkit-details-marker`, { display: "none" });
globalStyle(`${moreMakesSummary}::after`, { content: '"▾"', transition: "transform 0.15s" });
globalStyle(`${moreMakes}[open] > ${moreMakesSummary}::after`, { transform: "rotate(180deg)" });
globalStyle(`${moreMakes}[open] > ${moreMakesSummary} ${whenClosed}`, { display: "none" });
globalStyle(`${moreMakes}:not([open]) > ${moreMakesSummary} ${whenOpen}`, { display: "none" });
export const facetDetails = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: "4px" });
export const facetSummary = style([summary, { color: vars.color.text, justifyContent: "space-between" }]);

export const options = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "2px" });
export const optionLabel = style({
  display: "flex",
  alignItems: "center",
  gap: "10px",
  minHeight: "44px",
  cursor: "pointer",
  fontSize: "15px",
});
globalStyle(`${optionLabel} input`, { width: "20px", height: "20px", accentColor: vars.color.brand, flexShrink: 0 });
export const optionCount = style({ marginLeft: "auto", color: vars.color.muted, fontSize: "13px" });

export const rangeFieldset = style([fieldset, {}]);
export const rangeBoxes = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "8px" });
export const rangeBox = style({ display: "flex", flexDirection: "column", fontSize: "13px", color: vars.color.muted, gap: "2px" });
export const rangeInput = style({
  width: "100%",
  minHeight: "44px",
  padding: "8px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  color: vars.color.text,
});
export const rangeReadout = style({ margin: "0 0 4px", fontWeight: 600, fontSize: "14px" });

/* Two range inputs share one track: only their thumbs take the pointer. */
export const slider = style({ position: "relative", height: "44px", margin: "0 10px 8px" });
export const sliderTrack = style({
  position: "absolute",
  left: 0,
  right: 0,
  top: "20px",
  height: "4px",
  borderRadius: "2px",
  background: vars.color.border,
});
export const sliderFill = style({ position: "absolute", top: "20px", height: "4px", borderRadius: "2px", background: vars.color.brand });
export const sliderThumb = style({
  position: "absolute",
  left: "-10px",
  width: "calc(100% + 20px)",
  top: 0,
  height: "44px",
  margin: 0,
  background: "transparent",
  pointerEvents: "none",
  appearance: "none",
  WebkitAppearance: "none",
});
const thumb = {
  pointerEvents: "auto",
  width: "24px",
  height: "24px",
  borderRadius: "50%",
  background: vars.color.background,
  border: `3px solid ${vars.color.brand}`,
  cursor: "grab",
  boxShadow: "0 1px 3px rgba(0,0,0,0.3)",
} as const;
globalStyle(`${sliderThumb}::-webkit-slider-thumb`, { ...thumb, WebkitAppearance: "none", appearance: "none" });
globalStyle(`${sliderThumb}::-moz-range-thumb`, thumb);
globalStyle(`${sliderThumb}::-webkit-slider-runnable-track`, { background: "transparent" });
globalStyle(`${sliderThumb}:focus-visible`, { outline: "none" });
globalStyle(`${sliderThumb}:focus-visible::-webkit-slider-thumb`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

export const panelActions = style({
  display: "flex",
  flexDirection: "column",
  gap: "8px",
  position: "sticky",
  bottom: "-16px",
  background: vars.color.surface,
  padding: "12px 0 4px",
});
export const clearLink = style({ textAlign: "center", padding: "10px", fontWeight: 600, minHeight: "44px" });

/* Results */
export const resultsHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "12px",
  marginBottom: "12px",
});
// Its own layout and paint: the count's frames relayout and repaint this line, not the page.
export const hitCount = style({ margin: 0, fontSize: "16px", color: vars.color.muted, contain: "layout paint" });
export const hitNumber = style({
  display: "inline-block",
  textAlign: "right",
  fontWeight: 800,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});
export const sortRow = style({ display: "flex", alignItems: "center", gap: "8px" });
export const sortSelect = style({
  minHeight: "44px",
  padding: "8px 10px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
});

export const chips = style({
  listStyle: "none",
  margin: "0 0 16px",
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});
export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  minHeight: "44px",
  padding: "6px 14px",
  borderRadius: "999px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: "14px",
  fontWeight: 600,
  selectors: { "&:hover": { borderColor: vars.color.brand } },
});
export const chipX = style({ fontSize: "18px", lineHeight: 1, color: vars.color.muted });

const fadeIn = keyframes({ from: { opacity: 0.4 }, to: { opacity: 1 } });
export const results = style({ transition: "opacity 150ms", animation: `${fadeIn} 200ms` });
export const resultsLoading = style({ opacity: 0.45, pointerEvents: "none" });
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": {
    [tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (min-width: 1200px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});
// The grid's items after the first two (cards, and a dealer's promo tiles between them) are drawn only as
// they near the screen: on a phone the page's first layout and paint were most of its blocking time, and
// 20 of its 23 cards are below the fold. The first item is always a car, with the page's largest image.
// 640px is about a card's height at phone and desktop widths (603-680 px; about 800 px from 600 px wide up
// to two columns). The last six items are always drawn: they sit just above the page links, which would
// otherwise move as those cards were drawn at their real height, under a shopper's finger as they reach for
// 'Next' (most likely why a browser test's click on it loaded nothing).
globalStyle(`${grid} > li:nth-child(n+3):not(:nth-last-child(-n+6))`, drawnWhenNear(640));

export const promo = style({
  display: "flex",
  flexDirection: "column",
  justifyContent: "flex-end",
  gap: "8px",
  height: "100%",
  minHeight: "280px",
  padding: "24px",
  borderRadius: vars.radius.card,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  textDecoration: "none",
  backgroundSize: "cover",
  backgroundPosition: "center",
});
export const promoTitle = style({ fontSize: "22px", margin: 0 });
export const promoText = style({ margin: 0, opacity: 0.95 });
export const promoCta = style({ fontWeight: 700, textDecoration: "underline" });

export const empty = style({
  textAlign: "center",
  padding: "40px 16px",
  background: vars.color.surface,
  borderRadius: vars.radius.card,
});

export const errorBox = style({
  padding: "12px 16px",
  marginBottom: "16px",
  borderRadius: vars.radius.button,
  background: "#fdecea",
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});

export const pagination = style({ marginTop: "28px" });
export const pages = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "6px",
});
export const pageLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "44px",
  minHeight: "44px",
  padding: "0 12px",
  borderRadius: vars.radius.button,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
});
export const pageCurrent = style([
  pageLink,
  { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.brandContrast },
]);
export const pageGap = style({ alignSelf: "center", padding: "0 4px", color: vars.color.muted });

export const recent = style({
  margin: "0 0 16px",
  padding: "12px 16px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
});
export const recentTitle = style({ fontSize: "15px", margin: "0 0 6px" });
export const recentList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "4px 16px" });
export const recentLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", fontSize: "14px" });
