import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ paddingTop: "24px", paddingBottom: "48px", display: "grid", gap: "28px" });

export const heading = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "12px" });

export const title = style({ margin: 0 });

export const intro = style({ margin: "4px 0 0", color: vars.color.muted });

export const notice = style({
  padding: "12px 16px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.success}`,
  background: vars.color.surface,
});

export const noticeTitle = style({ margin: 0, fontWeight: 700 });

export const noticeText = style({ margin: "2px 0 0" });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
  gap: "20px",
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const item = style({ display: "grid", gap: "8px", alignContent: "start" });

export const gone = style({
  display: "grid",
  gap: "8px",
  padding: "16px",
  borderRadius: vars.radius.card,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.muted,
});

export const goneTitle = style({ margin: 0, color: vars.color.text, fontSize: "1.05rem" });

export const removeButton = style({ width: "100%" });

export const empty = style({
  display: "grid",
  gap: "12px",
  justifyItems: "start",
  padding: "20px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const section = style({ display: "grid", gap: "12px" });

export const sectionTitle = style({ margin: 0, fontSize: "1.25rem" });

export const links = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))",
  gap: "12px",
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const linkCard = style({
  display: "flex",
  gap: "12px",
  alignItems: "center",
  padding: "10px",
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  minHeight: "44px",
});

export const thumb = style({ width: "72px", height: "54px", objectFit: "cover", borderRadius: "4px", flexShrink: 0 });

export const muted = style({ margin: 0, color: vars.color.muted });
