import { Link } from "~/components/Link";
import { useEffect, useRef, useState } from "react";
import type { PublicSite } from "@server/tenants/publicSite";
import type { MenuItem } from "@server/tenants/schema";
import type { HeaderCatalogue } from "~/domain/headerCatalogue";
import { stockCanFill } from "~/domain/menusForStock";
import { ModelDropdown, type ModelMenu } from "~/components/models/ModelDropdown";
import { formatPhone, telHref } from "~/domain/phone";
import { container } from "~/styles/ui.css";
import { ShopperLinks } from "./ShopperLinks";
import * as styles from "./SiteHeader.css";

/**
 * Header menu from the tenant's config. Dropdowns are <details> so they open without JavaScript;
 * with JavaScript one dropdown is open at a time and the header carries a class while one is.
 */
export function SiteHeader({ site, catalogue, models }: { site: PublicSite; catalogue?: HeaderCatalogue; models?: ModelMenu }) {
  const headerRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const onToggle = (event: Event) => {
      const target = event.target as HTMLDetailsElement;
      if (target.open) {
        header.querySelectorAll<HTMLDetailsElement>("details[data-dropdown][open]").forEach((d) => {
          if (d !== target) d.open = false;
        });
      }
      setMenuOpen(header.querySelector("details[data-dropdown][open]") !== null);
    };
    header.addEventListener("toggle", onToggle, true);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      header.querySelectorAll<HTMLDetailsElement>("details[data-dropdown][open]").forEach((d) => (d.open = false));
    };
    document.addEventListener("keydown", onKey);
    return () => {
      header.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // The main yard's number, named by its department ('Sales'), else the main number ('Enquiries'): a group
  // shows other numbers in the footer and on its cars, so each says what it is (issue 26).
  const phone = site.primaryLocation.phone || site.contact.phone;
  const phoneLabel = site.primaryLocation.phone ? site.primaryLocation.department : "Enquiries";
  return (
    <header ref={headerRef} className={`${styles.header}${menuOpen ? ` ${styles.headerMenuOpen} menu-open` : ""}`}>
      <a className={`${styles.skip} visually-hidden`} href="#main">
        Skip to content
      </a>
      <div className={`${container} ${styles.bar}`}>
        <Link to="/" className={styles.logo} aria-label={`${site.name} home`}>
          {site.logoText}
        </Link>
        <a className={styles.phone} href={telHref(phone)} aria-label={`Call ${phoneLabel} ${formatPhone(phone)}`}>
          <span aria-hidden="true">☎</span>{" "}
          <span className={styles.phoneNumber}>
            <span className={styles.phoneLabel}>{phoneLabel}</span> {formatPhone(phone)}
          </span>
          <span className={styles.phoneShort} aria-hidden="true">
            Call
          </span>
        </a>
        <ShopperLinks siteSlug={site.slug} garagePath={site.features.garage ? site.paths.watchlist : undefined} />
        <input type="checkbox" id="site-menu-toggle" className={`${styles.toggleInput} visually-hidden`} />
        <label htmlFor="site-menu-toggle" className={styles.toggle}>
          Menu
        </label>
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.menu}>
            {site.menus.header.map((item) => (
              <li key={item.label} className={styles.menuItem}>
                {item.kind === "models" && models ? (
                  <ModelDropdown label={item.label} menu={models} className={styles.dropdown} summaryClassName={styles.menuLink} />
                ) : (
                  <MenuEntry item={item} catalogue={catalogue} searchPrefix={site.paths.searchPrefix} stockCarTypes={site.stockCarTypes} />
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function MenuEntry({
  item,
  catalogue,
  searchPrefix,
  stockCarTypes,
}: {
  item: MenuItem;
  catalogue?: HeaderCatalogue;
  searchPrefix: string;
  stockCarTypes: readonly string[];
}) {
  const links =
    item.kind === "links"
      ? item.children
      : item.kind === "models"
        ? [...(catalogue?.models ?? []), { label: "All vehicles", href: searchPrefix }]
        : item.kind === "stock"
          ? catalogue?.stock?.length
            ? catalogue.stock
            : // Without the live counts, the conditions the dealer's stock can have (menus follow the stock).
              [
                { label: "New cars", href: `${searchPrefix}/new-cars` },
                { label: "Demo cars", href: `${searchPrefix}/demo-cars` },
                { label: "Used cars", href: `${searchPrefix}/used-cars` },
                { label: "All stock", href: `${searchPrefix}/new-used-and-demo-cars/` },
              ].filter((link) => stockCanFill(link.href, stockCarTypes))
          : null;
  if (!links) {
    return (
      <Link className={styles.menuLink} to={item.href ?? "/"} prefetch="intent">
        {item.label}
      </Link>
    );
  }
  return (
    <details className={styles.dropdown} data-dropdown>
      <summary className={styles.menuLink}>{item.label}</summary>
      <ul className={styles.dropdownList}>
        {links.map((link) => (
          <li key={link.href + link.label}>
            <Link className={styles.dropdownLink} to={link.href}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
