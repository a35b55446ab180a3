/** Gallery, 360 spin, interior view and the fullscreen slider. */
import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 960px)";

export const gallery = style({ position: "relative", scrollMarginTop: "80px" });

export const viewTabs = style({ display: "flex", gap: "6px", margin: "0 0 10px", padding: 0, listStyle: "none", flexWrap: "wrap" });
export const viewTab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 16px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  background: vars.color.background,
  textDecoration: "none",
  fontWeight: 600,
  fontSize: "15px",
  selectors: { "&[aria-current='true']": { background: vars.color.brand, color: vars.color.brandContrast, borderColor: vars.color.brand } },
});

/** Every picture area keeps the 3:2 shape before anything loads, so nothing below moves (CLS). */
export const stage = style({
  position: "relative",
  aspectRatio: "3 / 2",
  background: vars.color.surface,
  borderRadius: vars.radius.card,
  overflow: "hidden",
});

/** Without JavaScript the slides are a strip to scroll or swipe through, snapping to each picture. */
export const strip = style({
  display: "flex",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  height: "100%",
  scrollbarWidth: "thin",
});
export const slide = style({
  flex: "0 0 100%",
  minWidth: "100%",
  height: "100%",
  scrollSnapAlign: "start",
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: vars.color.surface,
});
export const slideImage = style({ display: "block", width: "100%", height: "100%", objectFit: "contain", userSelect: "none" });
export const slideLink = style({ display: "block", width: "100%", height: "100%", cursor: "zoom-in" });
export const slideVideo = style({ width: "100%", height: "100%", border: 0, background: "#000" });
export const slider = style({ height: "100%" });

const control = style({
  position: "absolute",
  zIndex: 2,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  borderRadius: "50%",
  border: 0,
  background: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.35, cursor: "default" } },
});
export const prev = style([control, { left: "10px", top: "50%", transform: "translateY(-50%)" }]);
export const next = style([control, { right: "10px", top: "50%", transform: "translateY(-50%)" }]);
export const fullscreenButton = style([control, { right: "10px", top: "10px", borderRadius: "8px" }]);
export const tooltip = style({
  position: "absolute",
  right: "52px",
  top: "50%",
  transform: "translateY(-50%)",
  background: "#111827",
  color: "#fff",
  fontSize: "13px",
  padding: "4px 8px",
  borderRadius: "4px",
  whiteSpace: "nowrap",
  pointerEvents: "none",
  opacity: 0,
  transition: "opacity 150ms",
});
globalStyle(`${fullscreenButton}:hover ${tooltip}, ${fullscreenButton}:focus-visible ${tooltip}`, { opacity: 1 });
export const counter = style({
  position: "absolute",
  left: "10px",
  bottom: "10px",
  zIndex: 2,
  background: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  fontSize: "13px",
  padding: "3px 10px",
  borderRadius: "999px",
});

export const thumbs = style({
  display: "flex",
  gap: "8px",
  overflowX: "auto",
  margin: "10px 0 0",
  padding: "2px 2px 6px",
  listStyle: "none",
  scrollbarWidth: "thin",
});
export const thumbLink = style({
  display: "block",
  width: "96px",
  borderRadius: "6px",
  overflow: "hidden",
  border: "2px solid transparent",
  opacity: 0.75,
  selectors: { "&[aria-current='true']": { borderColor: vars.color.brand, opacity: 1 }, "&:hover": { opacity: 1 } },
  "@media": { [desktop]: { width: "112px" } },
});
export const thumbImage = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 2",
  objectFit: "cover",
  background: vars.color.surface,
});

export const placeholder = style({
  background: vars.color.surface,
  borderRadius: vars.radius.card,
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
});
export const placeholderImage = style({ display: "block", width: "100%", height: "auto", aspectRatio: "3 / 2" });
export const placeholderBody = style({ padding: "16px" });
export const placeholderTitle = style({ fontSize: "18px", margin: "0 0 6px" });
export const singlePhoto = style({ marginTop: "12px" });

// ---- spin and interior -------------------------------------------------------------------------

export const spinStage = style([stage, { touchAction: "pan-y", cursor: "grab", userSelect: "none", outlineOffset: "-3px" }]);
globalStyle(`${spinStage}:active`, { cursor: "grabbing" });
export const spinImage = style({ display: "block", width: "100%", height: "100%", objectFit: "contain", pointerEvents: "none" });
export const spinBadge = style({
  position: "absolute",
  left: "10px",
  bottom: "10px",
  display: "inline-flex",
  gap: "6px",
  alignItems: "center",
  background: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  fontSize: "13px",
  padding: "4px 10px",
  borderRadius: "999px",
});
/** While the frames load: a badge in the corner, the car's first frame in full view beside it. */
export const spinLoading = style({
  position: "absolute",
  left: "10px",
  bottom: "10px",
  display: "inline-flex",
  gap: "8px",
  alignItems: "center",
  background: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  fontSize: "13px",
  fontWeight: 600,
  padding: "4px 10px",
  borderRadius: "999px",
  pointerEvents: "none",
});
const turning = keyframes({ to: { transform: "rotate(360deg)" } });
export const spinLoadingRing = style({
  display: "inline-block",
  width: "12px",
  height: "12px",
  border: "2px solid rgba(255, 255, 255, 0.35)",
  borderTopColor: "#fff",
  borderRadius: "50%",
  animation: `${turning} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
const pulse = keyframes({ "0%, 100%": { transform: "translate(-50%, 0)" }, "50%": { transform: "translate(calc(-50% + 12px), 0)" } });
export const spinHint = style({
  position: "absolute",
  left: "50%",
  bottom: "16px",
  transform: "translateX(-50%)",
  background: "rgba(17, 24, 39, 0.82)",
  color: "#fff",
  padding: "6px 14px",
  borderRadius: "999px",
  fontWeight: 600,
  fontSize: "14px",
  display: "inline-flex",
  gap: "6px",
  alignItems: "center",
  pointerEvents: "none",
  animation: `${pulse} 1.6s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const hotspot = style({ position: "absolute", transform: "translate(-50%, -50%)", zIndex: 3 });
export const hotspotDot = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  // 44 px to tap; the pale ring is part of the target.
  width: "44px",
  height: "44px",
  borderRadius: "50%",
  border: "6px solid rgba(255,255,255,0.6)",
  backgroundClip: "padding-box",
  background: vars.color.accent,
  color: vars.color.accentContrast,
  fontWeight: 700,
  fontSize: "20px",
  lineHeight: 1,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const hotspotNote = style({
  position: "absolute",
  left: "50%",
  top: "46px",
  transform: "translateX(-50%)",
  width: "min(240px, 70vw)",
  background: vars.color.background,
  color: vars.color.text,
  borderRadius: "8px",
  padding: "10px 12px",
  boxShadow: "0 8px 24px rgba(0,0,0,0.2)",
  fontSize: "14px",
});
globalStyle(`${hotspotNote} strong`, { display: "block", marginBottom: "2px" });

// ---- fullscreen --------------------------------------------------------------------------------

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  background: "rgba(8, 10, 14, 0.96)",
  display: "flex",
  flexDirection: "column",
  color: "#fff",
});
export const overlayBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  padding: "8px 12px",
  gap: "12px",
});
export const overlayClose = style([control, { position: "static" }]);
export const overlayStage = style({ position: "relative", flex: 1, minHeight: 0 });
export const overlaySlide = style({ display: "flex", alignItems: "center", justifyContent: "center", height: "100%" });
export const overlayImage = style({ maxWidth: "100%", maxHeight: "100%", objectFit: "contain", userSelect: "none" });
export const overlayThumbs = style([thumbs, { padding: "8px 12px 14px", margin: 0, justifyContent: "safe center" }]);
