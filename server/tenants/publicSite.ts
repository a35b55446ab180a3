/**
 * What the browser is told about the dealer site: names, brand, menus, phones and flags the pages
 * need. Built from the tenant config; nothing secret is in a tenant config, but this keeps the
 * payload small and deliberate.
 */
import { departmentLabel } from "~/domain/callDealer";
import { resolvedColours } from "~/domain/colourContrast";
import type { DealerFlags } from "~/domain/dealerFlags";
import { hasDealerTags, type DealerTags } from "~/domain/dealerTags";
import { menusForStock } from "~/domain/menusForStock";
import { dealerHasPage, departmentsOf } from "~/domain/dealerDepartments";
import type { CardSiteOptions } from "~/domain/vehicleCard";
import type { TenantConfig } from "./schema";
import { oncePer } from "~/domain/oncePer";

/** The options shared rules (price display, tags, eligibility) read. */
export function dealerFlags(tenant: TenantConfig): DealerFlags {
  const f = tenant.features;
  return {
    subscriptions: f.subscriptions,
    noPriceText: tenant.noPriceText,
    electricHybridTag: f.electricHybridTag,
    certifiedPreOwnedMake: f.certifiedPreOwnedMake,
    favourites: f.favourites,
    compare: f.compare,
    favouritesNeedImages: f.favouritesNeedImages,
    financeWidgets: f.financeWidgets,
    reserve: f.reserve,
    buyOnline: f.buyOnline,
    tradeIn: f.tradeIn,
  };
}

/** The dealer options every vehicle card reads, sent once per page rather than once per card. */
export function cardSiteOptions(tenant: TenantConfig, now: Date = new Date()): CardSiteOptions {
  return {
    slug: tenant.slug,
    flags: dealerFlags(tenant),
    paths: { finance: tenant.paths.finance, testDrive: tenant.paths.testDrive, checkout: tenant.paths.checkout },
    primaryLabel: tenant.search.primaryCardButton,
    reserveLabel: tenant.search.reserveCardButton,
    enquireLabel: tenant.search.enquireCardButton,
    weeklyPrice: tenant.features.weeklyPriceOnCards,
    now: now.toISOString(),
    watchlistPath: tenant.features.garage ? tenant.paths.watchlist : null,
  };
}

interface FooterData {
  companyGroupTitle?: string;
  companyLinks: { label: string; href: string }[];
  dealerLicence: string;
  motorVehicleRepairer: string;
  showPaymentsStrip: boolean;
}

/**
 * What the layout's components read (header, footer, meta, lead forms, promo tiles), and nothing else:
 * this goes into every page's HTML as loader data. Pages that need more of the dealer's options send
 * them in their own loader data (cardSiteOptions, the forms' own settings).
 */
function buildPublicSite(tenant: TenantConfig) {
  const primary = tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
  // Menus follow the dealer's stock: no link to a search its base filter can never fill.
  // ...and no link to a page the dealer has not got (no Service page without a workshop).
  const departments = departmentsOf(tenant);
  const menus = menusForStock(tenant.menus, tenant.footer.companyLinks, tenant.search.baseFilter.carTypes, (href) =>
    dealerHasPage(href, departments, tenant.paths.parts),
  );
  const { companyGroupTitle, dealerLicence, motorVehicleRepairer, showPaymentsStrip } = tenant.footer;
  const footer: FooterData = { companyLinks: menus.companyLinks, dealerLicence, motorVehicleRepairer, showPaymentsStrip };
  if (companyGroupTitle !== undefined) footer.companyGroupTitle = companyGroupTitle;
  return {
    slug: tenant.slug,
    name: tenant.name,
    legalName: tenant.legalName ?? tenant.name,
    logoText: tenant.logoText ?? tenant.name,
    tagline: tenant.tagline,
    theme: resolvedColours(tenant.theme),
    contact: { phone: tenant.contact.phone },
    primaryLocation: {
      city: primary.address.city,
      state: primary.address.state,
      street: primary.address.street,
      postcode: primary.address.postcode,
      phone: primary.contact_detail.phone,
      /** What the header's number is: the main yard's department (issue 26). */
      department: departmentLabel(primary.location_type),
    },
    /** The first visible service department's number, labelled in the footer. */
    servicePhone: tenant.locations.find((l) => l.visible && l.location_type === "service")?.contact_detail.phone ?? null,
    menus: { header: menus.header, footer: menus.footer },
    /** The car types the dealer's stock can have (empty: every type), for menus built in the page. */
    stockCarTypes: tenant.search.baseFilter.carTypes,
    footer,
    paths: { searchPrefix: tenant.paths.searchPrefix, watchlist: tenant.paths.watchlist },
    features: { garage: tenant.features.garage, captcha: tenant.features.captcha },
    flags: { compare: tenant.features.compare },
    /** The dealer's own analytics tags (public ids; they are in the tags' script addresses anyway); null when it has none. */
    analytics: dealerTagsOf(tenant),
  };
}

/** The dealer's tag ids for the browser's tag loader, only those set; null for a dealer whose events are only stored. */
function dealerTagsOf(tenant: TenantConfig): DealerTags | null {
  if (!hasDealerTags(tenant.analytics)) return null;
  const { gtmContainerId, ga4MeasurementId, metaPixelId } = tenant.analytics;
  return {
    ...(gtmContainerId ? { gtmContainerId } : {}),
    ...(ga4MeasurementId ? { ga4MeasurementId } : {}),
    ...(metaPixelId ? { metaPixelId } : {}),
  };
}

export type PublicSite = ReturnType<typeof buildPublicSite>;

/**
 * The dealer's public site data, built once per tenant config: every page of a dealer shares the same
 * object (a reloaded config is a new object, so it gets its own). Treat it as read-only.
 */
export const publicSite: (tenant: TenantConfig) => PublicSite = oncePer(buildPublicSite);
