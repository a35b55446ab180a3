/** Collapsible panels and carousels animate over 300 ms (spec 000 section 9), or not at all when the shopper asks for less motion. */
export const WIDGET_ANIMATION_MS = 300;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Smooth step used by both widgets: slow at the ends, quick in the middle. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
