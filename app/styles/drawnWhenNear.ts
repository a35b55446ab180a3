import type { StyleRule } from "@vanilla-extract/css";

/**
 * A part of a page far below the fold, laid out, painted and animated only as it nears the screen
 * (`content-visibility: auto`): on a phone most of a long page's first layout and paint, and every frame
 * of an animation in it, are work for parts nobody sees yet. Until it is drawn it takes `height` px
 * (`wider`: other heights from a minimum screen width, in px), about its real height, so the scroll bar
 * barely moves; once drawn it keeps its real height. Its text stays in the page for find-in-page and
 * screen readers, and its links and fields for the keyboard.
 */
export function drawnWhenNear(height: number, wider: Record<number, number> = {}): StyleRule {
  const media = Object.fromEntries(
    Object.entries(wider).map(([width, tall]) => [`screen and (min-width: ${width}px)`, { containIntrinsicSize: `auto ${tall}px` }]),
  );
  return { contentVisibility: "auto", containIntrinsicSize: `auto ${height}px`, ...(Object.keys(media).length ? { "@media": media } : {}) };
}
