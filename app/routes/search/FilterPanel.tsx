/**
 * The filter panel: one GET form, so every filter works without JavaScript ('Show Me N vehicles'
 * submits it). With JavaScript, changes are sent as the shopper makes them (SearchPage decides when).
 */
import { Link } from "~/components/Link";
import { forwardRef, memo, type FormEvent } from "react";
import type { FacetOption } from "~/domain/facetDisplay";
import { formatNumber } from "~/domain/money";
import { button, field } from "~/styles/ui.css";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { useHydrated } from "~/components/useHydrated";
import type { SearchPageData } from "~/domain/searchPage";
import * as styles from "~/components/search/SearchPage.css";

export const FILTER_FORM_ID = "search-filters";
/** How long a range waits after the shopper stops dragging or typing before it searches. */
export const SLIDER_DEBOUNCE_MS = 400;
/** Marks a range's plain number boxes: with JavaScript, the range's own code sends what is typed into them. */
export const RANGE_BOX = "data-range-box";

/** The price, year and odometer ranges: the server renders them whole, their sliders' code loads after the page. */
const RangeFilter = lazyPart(() => import("./RangeFilter").then((m) => m.RangeFilter), "RangeFilter", PendingPart);

interface FilterPanelProps {
  data: SearchPageData;
  onFormChange: (event: FormEvent<HTMLFormElement>) => void;
  onFormSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onRangeCommit: () => void;
  onShowResults: () => void;
}

function Tile({ name, option, image, imageClass }: { name: string; option: FacetOption; image: string | null; imageClass: string }) {
  return (
    <label className={styles.tileLabel}>
      <input type="checkbox" name={name} value={option.value} defaultChecked={option.selected} className={styles.tileInput} />
      <span className={styles.tileBody}>
        {image ? (
          <img
            src={image}
            alt=""
            width={imageClass === styles.bodyImage ? 72 : 40}
            height={imageClass === styles.bodyImage ? 34 : 40}
            loading="lazy"
            className={imageClass}
          />
        ) : null}
        <span>{option.label}</span>
        <span className={styles.tileCount}>
          {`(${formatNumber(option.count)})`}
          <span className="visually-hidden"> vehicles</span>
        </span>
      </span>
    </label>
  );
}

function OptionList({ name, options }: { name: string; options: FacetOption[] }) {
  return (
    <ul className={styles.options}>
      {options.map((option) => (
        <li key={option.value}>
          <label className={styles.optionLabel}>
            <input type="checkbox" name={name} value={option.value} defaultChecked={option.selected} />
            <span>{option.label}</span>
            <span className={styles.optionCount}>
              {formatNumber(option.count)}
              <span className="visually-hidden"> vehicles</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

type Panel = SearchPageData["panel"];

/*
 * The filter lists are most of the panel's markup (about 500 elements) and change only with the results.
 * Memoised, so the panel's own re-renders (the page turning interactive, a search being sent) leave them
 * as they are, instead of re-rendering every option on the phone's main thread.
 */
const MakeModelBodyFields = memo(function MakeModelBodyFields({ panel }: { panel: Panel }) {
  return (
    <>
      {panel.makes.shown.length ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.facetTitle}>Make</legend>
          <div className={styles.tiles}>
            {panel.makes.shown.map((option) => (
              <Tile key={option.value} name="make" option={option} image={option.image} imageClass={styles.tileImage} />
            ))}
          </div>
          {panel.makes.more.length ? (
            <details className={styles.moreMakes}>
              {/* A toggle, with or without JavaScript: the summary says what pressing it does next. */}
              <summary className={styles.moreMakesSummary}>
                <span className={styles.whenClosed}>Show all makes</span>
                <span className={styles.whenOpen}>Show fewer makes</span>
              </summary>
              <div className={styles.tiles}>
                {panel.makes.more.map((option) => (
                  <Tile key={option.value} name="make" option={option} image={option.image} imageClass={styles.tileImage} />
                ))}
              </div>
            </details>
          ) : null}
        </fieldset>
      ) : null}

      {panel.models.map((group) =>
        group.models.length ? (
          <fieldset key={group.make} className={styles.fieldset}>
            <legend className={styles.facetTitle}>{`${group.make} models`}</legend>
            <OptionList name="model" options={group.models} />
          </fieldset>
        ) : null,
      )}

      {panel.bodies.length ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.facetTitle}>Body Type</legend>
          <div className={styles.tiles}>
            {panel.bodies.map((option) => (
              <Tile key={option.value} name="body" option={option} image={option.image} imageClass={styles.bodyImage} />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
});

const MoreFacetFields = memo(function MoreFacetFields({ panel }: { panel: Panel }) {
  return (
    <>
      {panel.facets.map((facet) => (
        <details key={facet.attribute} className={styles.facetDetails} open={facet.options.some((o) => o.selected) || undefined}>
          <summary className={styles.facetSummary}>{facet.title}</summary>
          <fieldset className={styles.fieldset}>
            <legend className="visually-hidden">{facet.title}</legend>
            <OptionList name={facet.attribute} options={facet.options} />
          </fieldset>
        </details>
      ))}
    </>
  );
});

export const FilterPanel = forwardRef<HTMLFormElement, FilterPanelProps>(function FilterPanel(
  { data, onFormChange, onFormSubmit, onRangeCommit, onShowResults },
  ref,
) {
  // The panel re-renders once as the page hydrates (its ranges become sliders); the option lists are memoised.
  const hydrated = useHydrated();
  const { panel, state, prefix, found } = data;
  const activeCount = data.chips.length;
  return (
    <div>
      <input type="checkbox" id="filters-toggle" className={`visually-hidden ${styles.filterToggleInput}`} />
      <label htmlFor="filters-toggle" className={styles.filterToggle}>
        {activeCount ? `Filters (${activeCount})` : "Filters"}
      </label>
      <div className={styles.panel} id="filters">
        <form
          ref={ref}
          id={FILTER_FORM_ID}
          method="get"
          action={prefix}
          role="search"
          aria-label="Filter vehicles"
          className={styles.form}
          onChange={onFormChange}
          onSubmit={onFormSubmit}
          data-interactive={hydrated ? "" : undefined}
        >
          <div className={styles.keywordRow}>
            <label htmlFor="search-query" className={styles.keywordLabel}>
              Keyword
            </label>
            <input
              id="search-query"
              type="search"
              name="query"
              defaultValue={state.query}
              maxLength={100}
              placeholder="Make, model or keyword"
              className={field}
            />
          </div>

          <MakeModelBodyFields panel={panel} />

          {panel.ranges.map((control) => (
            <RangeFilter key={control.attribute} control={control} hydrated={hydrated} onCommit={onRangeCommit} />
          ))}

          <MoreFacetFields panel={panel} />

          {panel.hidden.map(([name, value]) => (
            <input key={`${name}:${value}`} type="hidden" name={name} value={value} />
          ))}

          <div className={styles.panelActions}>
            <button type="submit" className={button.primary} onClick={onShowResults}>
              {`Show Me ${formatNumber(found)} ${found === 1 ? "vehicle" : "vehicles"}`}
            </button>
            <Link to={prefix} className={styles.clearLink}>
              Clear Filters
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
});
