import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const desktop = "screen and (min-width: 960px)";

/** Fixed, so showing it never moves the page (CLS); hidden by transform until 500 px down. */
export const header = style({
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  zIndex: 40,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: "0 4px 16px rgba(0,0,0,0.08)",
  transform: "translateY(-110%)",
  visibility: "hidden",
  transition: "transform 200ms ease, visibility 200ms",
  selectors: { "&[data-visible='true']": { transform: "none", visibility: "visible" } },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});
export const headerInner = style({
  display: "flex",
  alignItems: "center",
  gap: "12px",
  minHeight: "64px",
  paddingTop: "6px",
  paddingBottom: "6px",
});
export const thumb = style({
  width: "72px",
  height: "48px",
  objectFit: "cover",
  borderRadius: "6px",
  flex: "none",
  display: "none",
  "@media": { [desktop]: { display: "block" } },
});
export const headerText = style({ minWidth: 0, flex: 1 });
export const headerName = style({ fontWeight: 700, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", margin: 0 });
export const headerPrice = style({ margin: 0, fontSize: "14px", color: vars.color.muted });
export const headerActions = style({ display: "none", gap: "8px", "@media": { [desktop]: { display: "flex" } } });

/** Mobile bottom bar: fixed to the bottom; 'opened' (slid in) past 900 px. */
export const bottomBar = style({
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 40,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: "0 -4px 16px rgba(0,0,0,0.08)",
  padding: "8px 12px calc(8px + env(safe-area-inset-bottom))",
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "8px",
  transform: "translateY(110%)",
  visibility: "hidden",
  transition: "transform 200ms ease, visibility 200ms",
  selectors: { "&[data-opened='true']": { transform: "none", visibility: "visible" } },
  "@media": { [desktop]: { display: "none" }, "(prefers-reduced-motion: reduce)": { transition: "none" } },
});
export const bottomPrice = style({
  gridColumn: "1 / -1",
  display: "flex",
  justifyContent: "space-between",
  fontSize: "14px",
  fontWeight: 600,
});

export const announcement = style({ background: vars.color.brand, color: vars.color.brandContrast, fontSize: "15px" });
export const announcementInner = style({ display: "flex", alignItems: "center", gap: "12px", minHeight: "48px", flexWrap: "wrap" });
export const announcementLink = style({
  color: "inherit",
  fontWeight: 700,
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
});
export const dismiss = style({
  marginLeft: "auto",
  width: "44px",
  height: "44px",
  border: 0,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
});
