import { style } from "@vanilla-extract/css";

export const card = style({ maxWidth: "440px" });
export const form = style({ display: "grid", gap: "16px" });
export const actions = style({ display: "flex", gap: "12px", flexWrap: "wrap" });
export const links = style({ margin: 0, fontSize: "15px" });
