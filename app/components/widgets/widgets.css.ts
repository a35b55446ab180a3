import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const salesCounter = style({
  display: "inline-flex",
  alignItems: "baseline",
  gap: "8px",
  margin: 0,
  padding: "10px 16px",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  fontWeight: 600,
});
export const salesCount = style({ fontSize: "24px", color: vars.color.brand, fontVariantNumeric: "tabular-nums" });

export const collapsible = style({ borderTop: `1px solid ${vars.color.border}`, borderBottom: `1px solid ${vars.color.border}` });
export const collapsibleSummary = style({
  cursor: "pointer",
  padding: "12px 0",
  fontWeight: 600,
  minHeight: "44px",
});
export const collapsibleBody = style({ paddingBottom: "12px" });

export const carousel = style({ position: "relative" });
export const carouselTrack = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "min(80%, 300px)",
  gap: "16px",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  overscrollBehaviorX: "contain",
  listStyle: "none",
  margin: 0,
  padding: "4px 0 12px",
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
});
export const carouselSlide = style({ scrollSnapAlign: "start", display: "flex" });
export const carouselControls = style({ display: "flex", alignItems: "center", justifyContent: "center", gap: "12px", marginTop: "8px" });
export const carouselArrow = style({
  width: "44px",
  height: "44px",
  borderRadius: "50%",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontSize: "24px",
  lineHeight: 1,
  cursor: "pointer",
  ":disabled": { opacity: 0.4, cursor: "not-allowed" },
});
export const carouselDots = style({ display: "flex", gap: "2px", listStyle: "none", margin: 0, padding: 0 });
export const carouselDot = style({
  width: "24px",
  height: "24px",
  padding: 0,
  border: 0,
  background: "transparent",
  cursor: "pointer",
  "::before": {
    content: '""',
    display: "block",
    width: "10px",
    height: "10px",
    margin: "7px",
    borderRadius: "50%",
    background: vars.color.border,
  },
  selectors: { '&[aria-current="true"]::before': { background: vars.color.brand } },
});
