import { Link } from "~/components/Link";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import type { ModelMenu } from "~/domain/modelCatalogue";
import { useHydrated } from "~/components/useHydrated";
import * as styles from "./ModelDropdown.css";
import { Photo } from "~/components/photo/Photo";

export type { ModelMenu };

const ALL = "all";
const OFFERS = "offers";

/**
 * The header's Vehicles dropdown as the spec's model dropdown: tabs ALL MODELS, one per body, and
 * CURRENT OFFERS (ALL MODELS first), over model cards with picture, name and Discover. A <details>, so
 * it opens without JavaScript; there each tab is a link to its own page (/models?body={body-slug}, the
 * offers page). With JavaScript the tabs switch the cards in place.
 */
export function ModelDropdown({
  label,
  menu,
  className,
  summaryClassName,
}: {
  label: string;
  menu: ModelMenu;
  className: string;
  summaryClassName: string;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState(ALL);
  const { bodies, models } = menu.catalogue;
  const tabs = [
    { id: ALL, label: "ALL MODELS", href: "/models" },
    ...bodies.map((b) => ({ id: b.slug, label: b.label.toUpperCase(), href: `/models?body=${encodeURIComponent(b.slug)}` })),
    { id: OFFERS, label: "CURRENT OFFERS", href: menu.offersPath },
  ];

  function choose(event: MouseEvent, id: string) {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setTab(id);
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const at = tabs.findIndex((t) => t.id === tab);
    const next = tabs[(at + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    setTab(next.id);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  }

  const shown = tab === ALL ? models : models.filter((m) => m.body === tab);
  return (
    <details className={className} data-dropdown data-model-dropdown>
      <summary className={summaryClassName}>{label}</summary>
      <div className={styles.panel}>
        <div
          className={styles.tabs}
          role={hydrated ? "tablist" : undefined}
          // A name only with the tab role: a plain <div> may not carry aria-label (HTML's ARIA rules).
          aria-label={hydrated ? "Model categories" : undefined}
          onKeyDown={hydrated ? onTabKey : undefined}
        >
          {tabs.map((t) => (
            <Link
              key={t.id}
              to={t.href}
              data-tab={t.id}
              className={styles.tab}
              role={hydrated ? "tab" : undefined}
              aria-selected={hydrated ? t.id === tab : undefined}
              aria-current={!hydrated && t.id === ALL ? "true" : undefined}
              tabIndex={hydrated && t.id !== tab ? -1 : undefined}
              onClick={(event) => choose(event, t.id)}
            >
              {t.label}
            </Link>
          ))}
        </div>
        <div
          className={styles.cards}
          role={hydrated ? "tabpanel" : undefined}
          aria-label={hydrated ? tabs.find((t) => t.id === tab)?.label : undefined}
        >
          {tab === OFFERS ? (
            menu.offers.length ? (
              menu.offers.map((offer) => (
                <Link key={offer.id} to={offer.href} className={styles.card}>
                  {offer.image ? (
                    <Photo source={offer.image} layout="menuTile" alt="" width={240} height={135} className={styles.image} />
                  ) : null}
                  <span className={styles.make}>{offer.category}</span>
                  <span className={styles.name}>{offer.name}</span>
                  <span className={styles.discover}>View Offer</span>
                </Link>
              ))
            ) : (
              <p className={styles.empty}>No current offers right now.</p>
            )
          ) : shown.length ? (
            shown.map((model) => (
              <Link key={model.href} to={model.href} className={styles.card}>
                {model.image ? (
                  <Photo source={model.image} layout="menuTile" alt="" width={240} height={135} className={styles.image} />
                ) : null}
                <span className={styles.make}>{model.make}</span>
                <span className={styles.name}>{model.name}</span>
                <span className={styles.discover}>Discover</span>
              </Link>
            ))
          ) : (
            <p className={styles.empty}>No models in stock right now.</p>
          )}
        </div>
      </div>
    </details>
  );
}
