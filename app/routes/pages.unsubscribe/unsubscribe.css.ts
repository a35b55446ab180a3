/** The unsubscribe page: one narrow card with the e-mail field. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ paddingTop: "32px", paddingBottom: "48px" });
export const card = style({
  maxWidth: "560px",
  margin: "0 auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: "24px",
});
export const title = style({ fontFamily: vars.font.heading, fontSize: "28px", margin: "0 0 12px" });
export const form = style({ display: "grid", gap: "16px", margin: "16px 0" });
export const done = style({ fontSize: "20px", fontWeight: 700, color: vars.color.text });
export const note = style({ color: vars.color.muted, fontSize: "15px" });
