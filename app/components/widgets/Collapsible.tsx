import { useRef, type MouseEvent, type ReactNode } from "react";
import { prefersReducedMotion, WIDGET_ANIMATION_MS } from "./motion";
import * as styles from "./widgets.css";

/**
 * A collapsible panel: a <details>, so it opens and closes without JavaScript. With JavaScript the
 * panel's height is animated over 300 ms, unless the shopper prefers reduced motion.
 */
export function Collapsible({ summary, children, open = false }: { summary: ReactNode; children: ReactNode; open?: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const running = useRef<Animation | null>(null);

  function toggle(event: MouseEvent) {
    const panel = details.current;
    const content = body.current;
    if (!panel || !content || prefersReducedMotion() || typeof content.animate !== "function") return;
    event.preventDefault();
    running.current?.cancel();
    const opening = !panel.open;
    if (opening) panel.open = true;
    const full = `${content.scrollHeight}px`;
    const animation = content.animate(
      { height: opening ? ["0px", full] : [full, "0px"], overflow: ["hidden", "hidden"] },
      { duration: WIDGET_ANIMATION_MS, easing: "ease-in-out" },
    );
    running.current = animation;
    animation.onfinish = () => {
      running.current = null;
      if (!opening) panel.open = false;
    };
  }

  return (
    <details ref={details} className={styles.collapsible} open={open}>
      <summary className={styles.collapsibleSummary} onClick={toggle}>
        {summary}
      </summary>
      <div ref={body} className={styles.collapsibleBody}>
        {children}
      </div>
    </details>
  );
}
