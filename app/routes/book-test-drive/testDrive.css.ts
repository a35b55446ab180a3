/** The test drive page's dealership and time fields, and the picker that replaces the time select. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const fields = style({ display: "grid", gap: "16px", gridColumn: "1 / -1", minWidth: 0 });
export const otherLocations = style({ fontSize: "14px", color: vars.color.muted, margin: "4px 0 0" });
globalStyle(`${otherLocations} a`, { color: vars.color.brand, marginRight: "10px", whiteSpace: "nowrap" });
export const zoneNote = style({ fontSize: "13px", color: vars.color.muted, margin: "4px 0 0" });

export const picker = style({ display: "grid", gap: "12px", minWidth: 0 });
export const pickerLabel = style({ fontWeight: 600, fontSize: "14px", margin: 0 });
export const days = style({
  display: "flex",
  gap: "8px",
  overflowX: "auto",
  paddingBottom: "4px",
  scrollSnapType: "x proximity",
});
const chip = {
  minHeight: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  color: vars.color.text,
  cursor: "pointer",
  fontSize: "14px",
} as const;
export const day = style({
  ...chip,
  flex: "0 0 auto",
  minWidth: "72px",
  padding: "6px 10px",
  scrollSnapAlign: "start",
  lineHeight: 1.2,
  selectors: {
    "&[aria-pressed='true']": { background: vars.color.brand, color: vars.color.brandContrast, borderColor: vars.color.brand },
    "&:disabled": { opacity: 0.45, cursor: "not-allowed" },
  },
});
export const dayCount = style({ display: "block", fontSize: "12px", opacity: 0.85 });
export const times = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))",
  gap: "8px",
  border: 0,
  padding: 0,
  margin: 0,
  selectors: { "&[hidden]": { display: "none" } },
});
export const time = style({ position: "relative", display: "block" });
globalStyle(`${time} input`, { position: "absolute", opacity: 0, inset: 0, margin: 0, cursor: "pointer" });
export const timeFace = style({
  ...chip,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: "6px 8px",
});
globalStyle(`${time} input:checked + ${timeFace}`, {
  background: vars.color.brand,
  color: vars.color.brandContrast,
  borderColor: vars.color.brand,
  fontWeight: 600,
});
globalStyle(`${time} input:focus-visible + ${timeFace}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
export const noPreference = style({ display: "flex", gap: "10px", alignItems: "center", minHeight: "44px", fontSize: "14px" });
export const status = style({ fontSize: "14px", color: vars.color.muted, margin: 0 });
