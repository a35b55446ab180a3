import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "flex", flexDirection: "column", gap: "20px", maxWidth: "560px" });
export const readout = style({ display: "flex", justifyContent: "space-between", gap: "16px" });
export const readoutLabel = style({ display: "block", fontSize: "14px", color: vars.color.muted });
export const readoutValue = style({ fontSize: "26px" });
