/** Styles of the form kit's fields: the required mark, hints, an input with its button and the hidden honeypot. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const required = style({ color: vars.color.danger });
export const hint = style({ fontSize: "13px", color: vars.color.muted, marginTop: "4px" });
export const inputWithAction = style({ display: "flex", gap: "10px", flexWrap: "wrap", alignItems: "center" });
/** An input with its unit after it (' kms'). */
export const inputWithSuffix = style({ display: "flex", gap: "8px", alignItems: "center" });
/** The unit keeps its leading space as the spec writes it (' kms'). */
export const suffix = style({ whiteSpace: "pre", color: vars.color.muted, flex: "none" });
/** Room kept for a form whose code is still loading after a move within the site (never in a server page). */
export const pendingForm = style({ minHeight: "12rem" });
export const honeypot = style({ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" });
export const checkboxRow = style({ display: "flex", gap: "10px", alignItems: "center", minHeight: "44px" });
globalStyle(`${checkboxRow} input`, { width: "20px", height: "20px" });
/** The captcha widget's room under the form's fields (ALTCHA's box or Turnstile's frame). */
export const captchaWidget = style({ margin: "12px 0", minHeight: "0", maxWidth: "320px" });
/** The server's question, under the form's fields. */
export const captchaQuestion = style({ marginTop: "16px", maxWidth: "420px" });
/** The enquiry rules' selects above the contact fields. */
export const ruleFields = style({ marginBottom: "12px" });
/** The spec's 'An error occurred when submitting this form' over a failed form's message. */
export const failureTitle = style({ fontWeight: 700, margin: "0 0 4px" });
