import { style } from "@vanilla-extract/css";

export const form = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  gap: "12px",
  maxWidth: "520px",
  marginBottom: "28px",
});
export const field = style({ flex: "1 1 200px" });
export const results = style({ marginTop: "8px" });
export const resultsTitle = style({ fontSize: "22px", margin: "0 0 16px" });
export const submitRow = style({ paddingTop: "26px" });
