/**
 * The results page (spec 000 section 2, Search results screen), for /search/... and /used-car/... (the
 * used-car and splat paths are mapped to this module in remix.config.js).
 * Without JavaScript it is links and one GET form. With JavaScript, filter changes are sent as they
 * happen (300 ms after typing stops, 400 ms after a slider stops), the results update in place and the
 * previous results stay on screen, dimmed, until the new ones arrive (or stay, with a message, if the
 * search fails).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PrefetchWhenIdle } from "~/components/PrefetchWhenIdle";
import { compactSearchParams, queryString } from "~/domain/searchLinks";
import { container, button } from "~/styles/ui.css";
import { FILTER_FORM_ID, FilterPanel, RANGE_BOX, SLIDER_DEBOUNCE_MS } from "./FilterPanel";
import { HitCount } from "./HitCount";
import type { loader } from "./search.server";
import type { PageLink, SearchPageData } from "~/domain/searchPage";
import { useLazyModule } from "~/components/useHydrated";
import * as styles from "~/components/search/SearchPage.css";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { keepPageOnWatchlistCalls } from "~/components/watchlist/watchlistCalls";
import { SAVED_SEARCHES_PATH } from "~/domain/savedSearchAddress";
import { SaveSearch } from "./SaveSearch";

/** The cards: the server renders them whole, their code (the vehicle card's) loads after the page. */
const ResultsGrid = lazyPart(() => import("./ResultsGrid").then((m) => m.ResultsGrid), "ResultsGrid", PendingPart);

export { headers, loader } from "./search.server";
/** A Save on a card, or 'Save this search', changes nothing the results page sends: the search is not run again. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formAction?.startsWith(SAVED_SEARCHES_PATH) ? false : keepPageOnWatchlistCalls(args);

export const TEXT_DEBOUNCE_MS = 300;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page not found" }];
  const page = data as unknown as SearchPageData;
  return [
    { title: page.title },
    ...(page.description ? [{ name: "description", content: page.description }] : []),
    { tagName: "link", rel: "canonical", href: page.canonical },
    ...(page.status === "error" ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export default function SearchPage() {
  const data = useLoaderData() as unknown as SearchPageData;
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Recent searches live in this browser, so their code loads after the page (the results stay light).
  const recent = useLazyModule(() => import("./RecentSearches"), true);

  // Results stay on screen when a search fails: show the last ones that came back.
  const lastGood = useRef<SearchPageData | null>(null);
  if (data.status === "ok") lastGood.current = data;
  const shown = data.status === "ok" ? data : lastGood.current;

  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(data.prefix);

  const send = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    // The GET form's own submission, built by hand so the URL stays readable ('price=5000:20000').
    navigate(data.prefix + queryString(compactSearchParams(new FormData(form).entries())), { replace: true, preventScrollReset: true });
  }, [navigate, data.prefix]);

  const schedule = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(send, delay);
    },
    [send],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  // The form's fields are the shopper's to change; after each search they are put back in line with the
  // search that came back (a chip removed, 'Clear Filters', back button), without remounting, so focus stays.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLInputElement && element.type === "checkbox" && element.name) {
        const chosen = data.state.filters[element.name as keyof SearchPageData["state"]["filters"]] ?? [];
        element.checked = chosen.includes(element.value);
      } else if (element instanceof HTMLInputElement && element.name === "query" && document.activeElement !== element) {
        element.value = data.state.query;
      } else if (element instanceof HTMLSelectElement && element.name === "sortBy") {
        element.value = data.state.sortBy;
      }
    }
  }, [data]);

  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    // Slider parts have no name, and a range's plain boxes (typed before its code runs) are its own: the
    // range says itself when its value is ready (onRangeCommit), so one search carries both of its boxes.
    if (!target.name || target.hasAttribute(RANGE_BOX)) return;
    schedule(target.name === "query" ? TEXT_DEBOUNCE_MS : 0);
  };
  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    send();
  };
  // Event handlers run only once the page has hydrated, so none of them asks whether it has (the page
  // does not re-render as a whole when it hydrates; the filter panel's ranges do, ./FilterPanel.tsx).
  const onShowResults = () => {
    // On phones the panel covers the results: close it and go to them.
    const toggle = document.getElementById("filters-toggle") as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
    resultsRef.current?.scrollIntoView({ block: "start" });
  };

  const heading = data.title.split(" | ")[0];
  // When idle, the top car's page (its code and data), so opening a car shows no empty parts.
  const firstCar = shown?.items.find((item) => item.kind === "car");

  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>{heading}</h1>
      <PrefetchWhenIdle page={firstCar?.kind === "car" ? `/cars/${encodeURIComponent(firstCar.car.slug)}` : null} />
      <div className={styles.layout}>
        <FilterPanel
          ref={formRef}
          data={shown ?? data}
          onFormChange={onFormChange}
          onFormSubmit={onFormSubmit}
          onRangeCommit={() => schedule(SLIDER_DEBOUNCE_MS)}
          onShowResults={onShowResults}
        />

        {/* The address whose results these are: the page's address changes as a search comes back, and the
            results a moment later (React renders them in a transition), so a browser test waits on this. */}
        <section
          ref={resultsRef}
          aria-labelledby="results-heading"
          aria-busy={loading || undefined}
          data-location={location.pathname + location.search}
        >
          <h2 id="results-heading" className="visually-hidden">
            Results
          </h2>

          {data.status === "error" ? (
            <p role="alert" className={styles.errorBox}>
              {"Sorry, we couldn't update the vehicles just now. "}
              <Link to={location.pathname + location.search}>Please try again</Link>.
            </p>
          ) : null}

          {shown ? (
            <div className={loading ? `${styles.results} ${styles.resultsLoading}` : styles.results}>
              <div className={styles.resultsHeader}>
                <HitCount count={shown.found} />
                <div className={styles.sortRow}>
                  <label htmlFor="sort-by">Sort by</label>
                  <select
                    id="sort-by"
                    name="sortBy"
                    form={FILTER_FORM_ID}
                    defaultValue={shown.state.sortBy}
                    className={styles.sortSelect}
                    onChange={() => schedule(0)}
                  >
                    {shown.sortOptions.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  {/* Only without JavaScript (where a change cannot send itself); noscript keeps the layout still. */}
                  <noscript>
                    <button type="submit" form={FILTER_FORM_ID} className={button.ghost}>
                      Sort
                    </button>
                  </noscript>
                </div>
                {shown.site.watchlistPath ? (
                  <SaveSearch
                    dealerName={shown.dealerName}
                    state={shown.state}
                    garagePath={shown.site.watchlistPath}
                    siteSlug={shown.site.slug}
                  />
                ) : null}
              </div>

              {shown.chips.length ? (
                <ul className={styles.chips} aria-label="Filters applied">
                  {shown.chips.map((chip) => (
                    <li key={chip.key}>
                      <Link to={chip.href} className={styles.chip} preventScrollReset>
                        <span className="visually-hidden">{`Remove filter ${chip.title}: `}</span>
                        {chip.label}
                        <span className={styles.chipX} aria-hidden="true">
                          ×
                        </span>
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link to={shown.prefix} className={styles.clearLink}>
                      Clear Filters
                    </Link>
                  </li>
                </ul>
              ) : null}

              {shown.found === 0 ? (
                <div className={styles.empty}>
                  <h2>No Results Available</h2>
                  <p>
                    We couldn&apos;t find any vehicles matching your search. Try adjusting or removing some filters to see more of our
                    stock.
                  </p>
                  <Link to={shown.refreshHref} className={button.primary}>
                    Clear Filters
                  </Link>
                </div>
              ) : (
                <ResultsGrid items={shown.items} site={shown.site} />
              )}

              <Pagination links={shown.pagination} page={shown.page} pages={shown.pages} />
            </div>
          ) : null}
          {/* Below the results: it appears once JavaScript reads the browser's history, and must not push them down. */}
          {recent ? <recent.RecentSearches siteSlug={data.site.slug} current={data.status === "ok" ? data.history : null} /> : null}
        </section>
      </div>
    </div>
  );
}

function Pagination({ links, page, pages }: { links: PageLink[]; page: number; pages: number }) {
  if (links.length < 2) return null;
  const byPage = new Map(links.map((l) => [l.page, l.href]));
  const previous = byPage.get(page - 1);
  const next = byPage.get(page + 1);
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <ul className={styles.pages}>
        {previous ? (
          <li>
            <Link to={previous} className={styles.pageLink} rel="prev">
              <span aria-hidden="true">‹</span> Previous
            </Link>
          </li>
        ) : null}
        {links.map((link, i) => (
          <li key={link.page} style={{ display: "contents" }}>
            {i > 0 && link.page - links[i - 1].page > 1 ? (
              <span className={styles.pageGap} aria-hidden="true">
                …
              </span>
            ) : null}
            {link.page === page ? (
              <span className={styles.pageCurrent} aria-current="page">
                <span className="visually-hidden">Page </span>
                {link.page}
              </span>
            ) : (
              <Link to={link.href} className={styles.pageLink}>
                <span className="visually-hidden">Page </span>
                {link.page}
              </Link>
            )}
          </li>
        ))}
        {next ? (
          <li>
            <Link to={next} className={styles.pageLink} rel="next">
              Next <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="visually-hidden">{`Page ${page} of ${pages}`}</p>
    </nav>
  );
}
