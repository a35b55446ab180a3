import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ paddingTop: "28px", paddingBottom: "56px" });

export const layout = style({
  display: "grid",
  gap: "24px",
  alignItems: "start",
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "minmax(0, 1.5fr) minmax(300px, 1fr)", gap: "32px" } },
});

export const main = style({ display: "grid", gap: "24px" });

export const hero = style({ display: "grid", gap: "8px" });

export const tick = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: "50%",
  background: vars.color.success,
  color: "#fff",
  fontSize: "24px",
  fontWeight: 700,
});

export const title = style({ margin: 0, fontSize: "clamp(1.6rem, 4vw, 2.2rem)", lineHeight: 1.2 });

export const lead = style({ margin: 0, color: vars.color.muted, fontSize: "1.05rem" });

export const referenceBox = style({
  display: "grid",
  gap: "4px",
  padding: "16px 20px",
  borderRadius: vars.radius.card,
  border: `2px dashed ${vars.color.brand}`,
  background: vars.color.surface,
});

export const referenceLabel = style({
  margin: 0,
  fontSize: "0.85rem",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.muted,
});

export const referenceValue = style({
  margin: 0,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "clamp(1.25rem, 5vw, 1.6rem)",
  fontWeight: 700,
  letterSpacing: "0.08em",
  wordBreak: "break-all",
});

export const referenceHint = style({ margin: 0, fontSize: "0.9rem", color: vars.color.muted });

export const sectionTitle = style({ margin: "0 0 12px", fontSize: "1.2rem" });

export const steps = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "16px", counterReset: "step" });

export const step = style({ display: "grid", gridTemplateColumns: "36px 1fr", gap: "12px", alignItems: "start" });

export const stepNumber = style({
  display: "grid",
  placeItems: "center",
  width: "36px",
  height: "36px",
  borderRadius: "50%",
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontWeight: 700,
});

export const stepTitle = style({ margin: "6px 0 2px", fontSize: "1rem" });

export const stepText = style({ margin: 0, color: vars.color.muted });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "12px" });

export const summary = style({
  display: "grid",
  gap: "16px",
  padding: "20px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  boxShadow: "0 4px 18px rgba(0, 0, 0, 0.06)",
  "@media": { "(min-width: 900px)": { position: "sticky", top: "96px" } },
});

export const carImage = style({
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.card,
  display: "block",
});

export const carTitle = style({ margin: 0, fontSize: "1.1rem" });

export const carDetails = style({ margin: "2px 0 0", color: vars.color.muted, fontSize: "0.9rem" });

export const figures = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "8px 16px", margin: 0 });

export const figureLabel = style({ color: vars.color.muted });

export const figureValue = style({ margin: 0, fontWeight: 600, textAlign: "right" });

export const weekly = style({
  display: "grid",
  gap: "2px",
  padding: "14px 16px",
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  textAlign: "center",
});

export const weeklyAmount = style({ margin: 0, fontSize: "1.8rem", fontWeight: 700, color: vars.color.brand });

export const weeklyNote = style({ margin: 0, fontSize: "0.85rem", color: vars.color.muted });

export const warning = style({ margin: 0, fontSize: "0.8rem", color: vars.color.muted, lineHeight: 1.45 });

export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: 0 });
