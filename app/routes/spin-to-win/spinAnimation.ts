/**
 * The wheel's turn after a spin, loaded only when a spin comes back (the page works without it): a
 * short eased rotation to the drawn prize, or straight to it where the shopper prefers reduced motion.
 */
export function turnWheel(wheel: SVGGElement, degrees: number): void {
  const end = `rotate(${degrees}deg)`;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (reduced || typeof wheel.animate !== "function") {
    wheel.style.transform = end;
    return;
  }
  wheel.style.transform = end;
  wheel.animate([{ transform: "rotate(0deg)" }, { transform: end }], { duration: 3200, easing: "cubic-bezier(0.15, 0.85, 0.25, 1)" });
}
