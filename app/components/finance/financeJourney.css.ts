/** The finance journey (page and popup) and the 'Get Finance Now' landing. */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const journey = style({ display: "grid", gap: "16px", minWidth: 0 });

export const title = style({ fontFamily: vars.font.heading, fontSize: "22px", lineHeight: 1.25, margin: 0 });

/** The four-step header: the two steps of this form, then the broker's two. */
export const tabs = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: "4px",
  counterReset: "finance-step",
});
export const tab = style({
  counterIncrement: "finance-step",
  fontSize: "12px",
  lineHeight: 1.25,
  textAlign: "center",
  color: vars.color.muted,
  paddingTop: "8px",
  borderTop: `4px solid ${vars.color.border}`,
  selectors: {
    "&::before": { content: "counter(finance-step)", display: "block", fontWeight: 700, fontSize: "14px" },
    '&[data-state="done"]': { borderTopColor: vars.color.brand, color: vars.color.text },
    '&[aria-current="step"]': { borderTopColor: vars.color.accent, color: vars.color.text, fontWeight: 700 },
  },
});

export const car = style({
  display: "grid",
  gridTemplateColumns: "88px minmax(0, 1fr)",
  gap: "12px",
  alignItems: "center",
  padding: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});
export const carImage = style({
  width: "88px",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.button,
  display: "block",
});
export const carTitle = style({ margin: 0, fontWeight: 700, fontSize: "15px", lineHeight: 1.3 });
export const carPrice = style({ margin: "2px 0 0", color: vars.color.brand, fontWeight: 700 });

export const form = style({ display: "grid", gap: "16px", minWidth: 0 });
export const group = style({ border: "none", margin: 0, padding: 0, minWidth: 0, display: "grid", gap: "8px" });
export const legend = style({ fontWeight: 600, fontSize: "14px", padding: 0, marginBottom: "6px" });

export const picks = style({ display: "flex", flexWrap: "wrap", gap: "6px" });
export const pick = style({
  minHeight: "36px",
  padding: "6px 10px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontSize: "14px",
  cursor: "pointer",
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brand, color: vars.color.brandContrast, borderColor: vars.color.brand } },
});

export const slider = style({ width: "100%", accentColor: vars.color.accent, minHeight: "32px" });
export const sliderScale = style({ display: "flex", justifyContent: "space-between", fontSize: "12px", color: vars.color.muted });
export const sliderValue = style({ fontWeight: 700 });

/** Great / Decent / Poor as one row of three. */
export const segments = style({ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "6px" });
export const segment = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  cursor: "pointer",
  fontWeight: 600,
  background: vars.color.background,
});
export const segmentInput = style({ position: "absolute", opacity: 0, inset: 0, margin: 0, cursor: "pointer" });
globalStyle(`${segment}:has(${segmentInput}:checked)`, {
  background: vars.color.brand,
  color: vars.color.brandContrast,
  borderColor: vars.color.brand,
});
globalStyle(`${segment}:has(${segmentInput}:focus-visible)`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

export const quoteBox = style({
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.card,
  padding: "14px 16px",
  background: vars.color.surface,
  display: "grid",
  gap: "4px",
  minHeight: "96px",
  alignContent: "center",
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});
export const quoteLabel = style({
  margin: 0,
  fontSize: "13px",
  textTransform: "uppercase",
  letterSpacing: "0.05em",
  color: vars.color.muted,
});
export const quoteAmount = style({ margin: 0, fontSize: "30px", fontWeight: 800, color: vars.color.brand, lineHeight: 1.1 });
export const quoteRates = style({ margin: 0, fontSize: "14px" });
export const quoteNote = style({ margin: 0, fontSize: "12px", color: vars.color.muted });

export const fields = style({
  display: "grid",
  gap: "12px",
  "@media": { "screen and (min-width: 520px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const wide = style({ gridColumn: "1 / -1" });
export const phoneRow = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: "8px", alignItems: "end" });
export const hint = style({ fontSize: "13px", color: vars.color.success, marginTop: "4px", fontWeight: 600 });

export const alert = style({
  padding: "10px 14px",
  borderRadius: vars.radius.button,
  background: "#fdecea",
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  margin: 0,
  fontSize: "14px",
});

export const actions = style({ display: "flex", gap: "8px", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" });
export const grow = style({ flex: "1 1 auto" });
export const small = style({ fontSize: "12px", color: vars.color.muted, margin: 0 });

/** The popup (spec 001 section 2: 450 px wide), a modal dialog over the vehicle page. */
export const dialog = style({
  width: "450px",
  maxWidth: "calc(100vw - 16px)",
  maxHeight: "calc(100dvh - 16px)",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.card,
  background: vars.color.background,
  color: vars.color.text,
  overflow: "auto",
  boxShadow: "0 20px 60px rgba(0, 0, 0, 0.35)",
  selectors: { "&::backdrop": { background: "rgba(0, 0, 0, 0.55)" } },
});
export const dialogBody = style({ padding: "20px", position: "relative" });
export const close = style({
  position: "absolute",
  top: "8px",
  right: "8px",
  width: "40px",
  height: "40px",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  fontSize: "26px",
  lineHeight: 1,
  cursor: "pointer",
  borderRadius: vars.radius.button,
});
export const withClose = style({ paddingRight: "40px" });
export const loading = style({ padding: "40px 0", textAlign: "center", color: vars.color.muted });

/** The page: the journey in a card of the popup's width, the car beside it on wide screens. */
export const pageCard = style({
  maxWidth: "520px",
  margin: "0 auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "20px",
  "@media": { "screen and (min-width: 900px)": { padding: "28px" } },
});

// --- The 'Get Finance Now' landing ------------------------------------------------------------------------

export const landingHero = style({
  background: vars.color.brand,
  color: vars.color.brandContrast,
  padding: "40px 0",
  "@media": { "screen and (min-width: 900px)": { padding: "64px 0" } },
});
export const landingTitle = style({
  fontFamily: vars.font.heading,
  fontSize: "32px",
  lineHeight: 1.15,
  margin: "0 0 12px",
  "@media": { "screen and (min-width: 900px)": { fontSize: "44px" } },
});
export const landingText = style({ fontSize: "18px", maxWidth: "640px", margin: "0 0 24px" });
export const landingLinks = style({ display: "flex", gap: "12px", flexWrap: "wrap" });
export const landingSection = style({ padding: "32px 0 48px" });
export const landingHeader = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: "12px",
  flexWrap: "wrap",
});
export const landingSubtitle = style({ fontFamily: vars.font.heading, fontSize: "24px", margin: "0 0 16px" });
export const landingGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
});

export const onBrand = styleVariants({
  primary: { background: vars.color.accent, color: vars.color.accentContrast },
  outline: { background: "transparent", color: vars.color.brandContrast, borderColor: vars.color.brandContrast },
});
