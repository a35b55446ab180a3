import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const bar = style({
  position: "fixed",
  left: "50%",
  bottom: "16px",
  transform: "translateX(-50%)",
  width: "min(640px, calc(100% - 24px))",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: "8px 16px",
  padding: "10px 16px",
  background: vars.color.background,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  boxShadow: "0 10px 30px rgba(0,0,0,0.2)",
  zIndex: 30,
  fontWeight: 600,
});
export const barActions = style({ display: "flex", gap: "8px" });

// Top and bottom only: the page container keeps its 16 px at the sides.
export const page = style({ paddingTop: "24px", paddingBottom: "48px" });
export const scroller = style({ overflowX: "auto", WebkitOverflowScrolling: "touch" });
export const table = style({ borderCollapse: "collapse", width: "100%", minWidth: "560px", tableLayout: "fixed" });
export const corner = style({ width: "150px" });
export const rowHead = style({
  textAlign: "left",
  fontWeight: 600,
  color: vars.color.muted,
  padding: "10px 12px",
  width: "150px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
export const cell = style({ padding: "10px 12px", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" });
export const carHead = style({ padding: "0 12px 12px", verticalAlign: "top", textAlign: "left" });
export const image = style({
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 2",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});
export const carTitle = style({ display: "block", margin: "8px 0 4px", fontSize: "16px" });
export const price = style({ fontSize: "20px", fontWeight: 800, color: vars.color.brand });
export const remove = style({ fontSize: "14px" });
export const empty = style({ padding: "32px 0" });
