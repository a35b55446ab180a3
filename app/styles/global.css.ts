import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.background,
  lineHeight: 1.5,
  fontSize: "16px",
});
globalStyle("h1, h2, h3, h4", { fontFamily: vars.font.heading, lineHeight: 1.2, margin: "0 0 0.5em" });
globalStyle("a", { color: vars.color.brand });
globalStyle("img", { maxWidth: "100%", height: "auto" });
globalStyle("button, input, select, textarea", { font: "inherit" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0,0,0,0)",
  whiteSpace: "nowrap",
  border: 0,
});
