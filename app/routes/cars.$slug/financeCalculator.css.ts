/**
 * The finance calculator's styles. Imported by FinanceSection.tsx (part of the page), so they are in the
 * page's stylesheet and the server's form is styled before its script arrives, and without JavaScript.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const tablet = "screen and (min-width: 640px)";

/** The calculator's place on the page (FinanceSection.tsx); using it puts these styles in the page's stylesheet. */
export const slot = style({ minWidth: 0 });

export const layout = style({
  display: "grid",
  gap: "20px",
  "@media": { [tablet]: { gridTemplateColumns: "minmax(0, 1.35fr) minmax(0, 1fr)", alignItems: "start" } },
});

export const fields = style({ display: "grid", gap: "14px", margin: 0, padding: 0, border: 0, minWidth: 0 });

export const figure = style({ display: "grid", gap: "2px", minWidth: 0 });
export const figureHead = style({ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: "8px" });
export const figureLabel = style({ fontWeight: 600, fontSize: "15px" });
export const figureValue = style({ fontWeight: 700, color: vars.color.brand, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
export const fixedNote = style({ fontWeight: 400, color: vars.color.muted, fontSize: "13px", marginLeft: "4px" });

export const range = style({
  width: "100%",
  height: "32px",
  margin: 0,
  accentColor: vars.color.brand,
  cursor: "pointer",
  selectors: { "&:disabled": { cursor: "not-allowed", opacity: 0.6 } },
});

export const bounds = style({ display: "flex", justifyContent: "space-between", fontSize: "12px", color: vars.color.muted });

export const typed = style({
  width: "100%",
  minHeight: "44px",
  padding: "10px 12px 10px 26px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  background: vars.color.background,
  color: vars.color.text,
  fontSize: "16px",
  fontVariantNumeric: "tabular-nums",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const typedWrap = style({ position: "relative" });
export const currency = style({
  position: "absolute",
  left: "12px",
  top: "50%",
  transform: "translateY(-50%)",
  color: vars.color.muted,
  pointerEvents: "none",
});
export const message = style({ color: vars.color.danger, fontSize: "14px", margin: "4px 0 0" });

export const frequencies = style({ display: "flex", flexWrap: "wrap", gap: "6px", margin: 0, padding: 0, border: 0, minWidth: 0 });
export const frequencyLegend = style({ fontWeight: 600, fontSize: "15px", padding: 0, marginBottom: "6px", width: "100%" });
export const frequency = style({ position: "relative", flex: "1 1 0", minWidth: "88px" });
export const frequencyInput = style({ position: "absolute", opacity: 0, inset: 0, margin: 0, cursor: "pointer" });
export const frequencyText = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "8px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.button,
  fontWeight: 600,
  fontSize: "14px",
  background: vars.color.background,
});
globalStyle(`${frequencyInput}:checked + ${frequencyText}`, {
  background: vars.color.brand,
  borderColor: vars.color.brand,
  color: vars.color.brandContrast,
});
globalStyle(`${frequencyInput}:focus-visible + ${frequencyText}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

export const answer = style({
  display: "grid",
  gap: "12px",
  padding: "16px",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  borderTop: `4px solid ${vars.color.brand}`,
});
export const answerFigures = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "12px", margin: 0 });
globalStyle(`${answerFigures} dt`, { fontSize: "13px", color: vars.color.muted, fontWeight: 600 });
globalStyle(`${answerFigures} dd`, { margin: "2px 0 0", fontVariantNumeric: "tabular-nums" });
export const payment = style({ fontSize: "30px", fontWeight: 800, color: vars.color.brand, lineHeight: 1.1 });
export const total = style({ fontSize: "20px", fontWeight: 700, lineHeight: 1.3 });
export const enquire = style({ fontSize: "20px", fontWeight: 700, color: vars.color.text, lineHeight: 1.3 });
export const basis = style({ margin: 0, fontSize: "14px", color: vars.color.muted });
export const feeList = style({ margin: 0, padding: 0, listStyle: "none", fontSize: "14px", display: "grid", gap: "2px" });
globalStyle(`${feeList} li`, { display: "flex", justifyContent: "space-between", gap: "8px" });
export const feeTitle = style({ margin: "0 0 4px", fontSize: "14px", fontWeight: 700 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "10px", selectors: { "&[hidden]": { display: "none" } } });
