/** 'Save this search' on the results page (its disclosure and form) and the form's page of its own. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The disclosure: a row of its own under the results' count and sort. */
export const disclosure = style({ flex: "1 1 100%" });
export const summary = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  width: "fit-content",
  listStyle: "none",
  cursor: "pointer",
});
globalStyle(`${summary}::-webkit-details-marker`, { display: "none" });
export const panel = style({
  marginTop: "12px",
  padding: "16px",
  maxWidth: "560px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  display: "grid",
  gap: "12px",
});
export const panelIntro = style({ margin: 0, color: vars.color.muted, fontSize: "15px" });
export const form = style({ display: "grid", gap: "14px" });
export const fieldset = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: "4px" });
export const legend = style({ fontWeight: 600, fontSize: "14px", marginBottom: "4px", padding: 0 });
export const radios = style({ display: "flex", gap: "20px", flexWrap: "wrap" });
export const radio = style({ display: "inline-flex", alignItems: "center", gap: "8px", minHeight: "44px" });
globalStyle(`${radio} input`, { width: "20px", height: "20px" });
export const consent = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "10px", alignItems: "start", fontSize: "15px" });
globalStyle(`${consent} input`, { width: "20px", height: "20px", marginTop: "2px" });
export const hidden = style({ display: "none" });
export const actions = style({ display: "flex", gap: "12px", flexWrap: "wrap", alignItems: "center" });
export const formAlert = style({ margin: 0 });
/** The form's page of its own (a refused save without JavaScript). */
export const page = style({ paddingTop: "24px", paddingBottom: "48px", display: "grid", gap: "16px", maxWidth: "600px" });
