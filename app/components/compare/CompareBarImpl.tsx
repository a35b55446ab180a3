/**
 * The bar that appears once a shopper ticks 'Compare' on cards: how many are chosen, a link to the
 * comparison and a way to clear it. The list lives in the browser, so the bar exists only with JavaScript;
 * the comparison page itself is a plain server-rendered URL. CompareBar.tsx loads this after the page.
 */
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useState } from "react";
import { readIdList } from "~/domain/searchHistory";
import { button } from "~/styles/ui.css";
import { readStored, writeStored } from "../vehicle-card/localLists";
import { COMPARE_CHANGED } from "./compareList";
import { compareHref } from "./compareLinks";
import * as styles from "./Compare.css";

export function CompareBarImpl({ siteSlug }: { siteSlug: string }) {
  const [ids, setIds] = useState<string[]>([]);
  const onComparePage = useLocation().pathname === "/compare";
  useEffect(() => {
    const refresh = () => setIds(readIdList(readStored(siteSlug, "compare")));
    refresh();
    window.addEventListener(COMPARE_CHANGED, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(COMPARE_CHANGED, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, [siteSlug]);
  if (ids.length === 0 || onComparePage) return null;
  const clear = () => {
    writeStored(siteSlug, "compare", []);
    window.dispatchEvent(new Event(COMPARE_CHANGED));
  };
  return (
    <aside className={styles.bar} aria-label="Cars to compare">
      <span>
        {ids.length} {ids.length === 1 ? "car" : "cars"} chosen to compare
      </span>
      <span className={styles.barActions}>
        <button type="button" className={button.ghost} onClick={clear}>
          Clear
        </button>
        <Link className={button.accent} to={compareHref(ids)}>
          Compare {ids.length} {ids.length === 1 ? "car" : "cars"}
        </Link>
      </span>
    </aside>
  );
}
