/** The garage's saved searches (SavedSearches.tsx). */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ display: "grid", gap: "12px" });
export const sectionTitle = style({ margin: 0, fontSize: "1.25rem" });
export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 340px), 1fr))",
  gap: "16px",
  alignItems: "start",
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const item = style({
  display: "grid",
  gap: "8px",
  alignContent: "start",
  padding: "16px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const itemHead = style({ display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" });
export const name = style({ margin: 0, fontSize: "1.05rem", overflowWrap: "anywhere" });
export const badge = style({
  padding: "2px 8px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  fontSize: "13px",
  fontWeight: 600,
  color: vars.color.text,
  background: vars.color.background,
});
export const words = style({ margin: 0, color: vars.color.text, fontSize: "15px", overflowWrap: "anywhere" });
export const channel = style({ margin: 0, color: vars.color.muted, fontSize: "14px", overflowWrap: "anywhere" });
export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "center" });
export const more = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: "8px" });
export const moreSummary = style({ cursor: "pointer", fontWeight: 600, minHeight: "32px", display: "flex", alignItems: "center" });
export const inlineForm = style({ display: "grid", gap: "10px", marginTop: "8px" });
export const fieldset = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: "2px" });
export const radio = style({ display: "inline-flex", alignItems: "center", gap: "8px", minHeight: "40px" });
globalStyle(`${radio} input`, { width: "20px", height: "20px" });
export const consent = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "10px", alignItems: "start", fontSize: "14px" });
globalStyle(`${consent} input`, { width: "20px", height: "20px", marginTop: "2px" });
export const hint = style({ fontWeight: 400, color: vars.color.muted });
/** The empty list looks like the saved cars' empty list. */
export { empty } from "./garage.css";
export const notice = style({
  margin: 0,
  padding: "12px 16px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.success}`,
  background: vars.color.surface,
});
export const noticeError = style([notice, { border: `1px solid ${vars.color.danger}`, color: vars.color.danger }]);
export const carAlerts = style({ margin: 0, color: vars.color.muted, fontSize: "15px" });
