/**
 * How many shoppers have looked at the car. The browser asks /cars/{slug}/view.json, which counts this
 * view and answers the total; without JavaScript a <noscript> image request counts it instead, and the
 * number from the page load is shown.
 */
import { useEffect, useState } from "react";
import { formatNumber } from "~/domain/money";
import { Icon } from "./icons";
import * as styles from "./Sidebar.css";

export function viewCountUrl(slug: string, photosCount: number, updatedAt: string): string {
  return `/cars/${encodeURIComponent(slug)}/view.json?${new URLSearchParams({ photos_count: String(photosCount), updated_at: updatedAt })}`;
}

export function ViewCounter({
  slug,
  initial,
  photosCount,
  updatedAt,
}: {
  slug: string;
  initial: number;
  photosCount: number;
  updatedAt: string;
}) {
  const [views, setViews] = useState(initial);
  const url = viewCountUrl(slug, photosCount, updatedAt);
  useEffect(() => {
    let live = true;
    fetch(url, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ views?: unknown }>) : null))
      .then((data) => {
        if (live && data && typeof data.views === "number") setViews(data.views);
      })
      .catch((error) => console.warn("View count not updated", error));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <span className={styles.views} data-testid="view-counter">
      <Icon name="eye" size={18} />
      {views > 0 ? `${formatNumber(views)} ${views === 1 ? "view" : "views"}` : "Be the first to view"}
      <noscript>
        <img src={url} alt="" width={1} height={1} style={{ position: "absolute", opacity: 0 }} />
      </noscript>
    </span>
  );
}
