/**
 * 'Your recent searches': the latest 5 searches with filters, kept in this browser for this dealer
 * (spec 001 sections 3 and 4). Browser storage needs JavaScript, so this only appears once it runs.
 */
import { Link } from "~/components/Link";
import { useEffect, useState } from "react";
import { addSearch, readSearchHistory, type SearchHistoryEntry } from "~/domain/searchHistory";
import { readStored, writeStored } from "~/components/vehicle-card/localLists";
import * as styles from "~/components/search/SearchPage.css";

export function RecentSearches({ siteSlug, current }: { siteSlug: string; current: SearchHistoryEntry | null }) {
  const [history, setHistory] = useState<SearchHistoryEntry[]>([]);
  const currentPath = current?.path ?? null;

  useEffect(() => {
    const stored = readSearchHistory(readStored(siteSlug, "searchHistory"));
    const next = current ? addSearch(stored, current) : stored;
    if (current) writeStored(siteSlug, "searchHistory", next);
    setHistory(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is rebuilt on every render; its path identifies the search
  }, [siteSlug, currentPath]);

  const others = history.filter((entry) => entry.path !== currentPath);
  if (!others.length) return null;
  return (
    <nav className={styles.recent} aria-labelledby="recent-searches">
      <h2 id="recent-searches" className={styles.recentTitle}>
        Your recent searches
      </h2>
      <ul className={styles.recentList}>
        {others.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} className={styles.recentLink}>
              {entry.label || entry.path}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
