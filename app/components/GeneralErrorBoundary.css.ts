import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({ padding: "64px 0", maxWidth: "640px" });
export const code = style({ fontSize: "64px", fontWeight: 800, color: vars.color.muted, margin: 0, lineHeight: 1 });
export const actions = style({ display: "flex", gap: "12px", flexWrap: "wrap", marginTop: "24px" });
