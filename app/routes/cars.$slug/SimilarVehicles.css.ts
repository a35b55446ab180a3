import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { drawnWhenNear } from "~/styles/drawnWhenNear";

// Far below the fold: drawn only as it nears the screen, so the skeletons' shimmer does not repaint every
// frame until the shopper scrolls there. Until then, about the six skeletons' height at each width.
export const block = style({ scrollMarginTop: "80px", ...drawnWhenNear(2740, { 600: 1380, 900: 920 }) });
export const grid = style({
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
  listStyle: "none",
  margin: 0,
  padding: 0,
});
const shimmer = keyframes({ "0%": { backgroundPosition: "-400px 0" }, "100%": { backgroundPosition: "400px 0" } });
/** Same height as a card, so the cards replace the skeletons without moving the page. */
export const skeleton = style({
  height: "440px",
  borderRadius: vars.radius.card,
  background: `linear-gradient(90deg, ${vars.color.surface} 0%, #e9edf1 50%, ${vars.color.surface} 100%)`,
  backgroundSize: "800px 100%",
  animation: `${shimmer} 1.4s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
