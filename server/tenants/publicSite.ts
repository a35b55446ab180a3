/**
 * What the browser is told about the dealer site: names, brand, menus, phones and flags the pages
 * need. Built from the tenant config; nothing secret is in a tenant config, but this keeps the
 * payload small and deliberate.
 */
import { resolvedColours } from "~/domain/colourContrast";
import type { DealerFlags } from "~/domain/dealerFlags";
import { menusForStock } from "~/domain/menusForStock";
import type { CardSiteOptions } from "~/domain/vehicleCard";
import type { TenantConfig } from "./schema";

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
    weeklyPrice: tenant.features.weeklyPriceOnCards,
    now: now.toISOString(),
    watchlistPath: tenant.features.garage ? tenant.paths.watchlist : null,
  };
}

export function publicSite(tenant: TenantConfig) {
  const primary = tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
  // Menus follow the dealer's stock: no link to a search its base filter can never fill.
  const menus = menusForStock(tenant.menus, tenant.footer.companyLinks, tenant.search.baseFilter.carTypes);
  return {
    slug: tenant.slug,
    name: tenant.name,
    legalName: tenant.legalName ?? tenant.name,
    logoText: tenant.logoText ?? tenant.name,
    tagline: tenant.tagline,
    theme: resolvedColours(tenant.theme),
    contact: tenant.contact,
    phones: tenant.phones,
    primaryLocation: {
      name: primary.name,
      city: primary.address.city,
      state: primary.address.state,
      street: primary.address.street,
      postcode: primary.address.postcode,
      phone: primary.contact_detail.phone,
    },
    menus: { header: menus.header, footer: menus.footer },
    /** The car types the dealer's stock can have (empty: every type), for menus built in the page. */
    stockCarTypes: tenant.search.baseFilter.carTypes,
    footer: { ...tenant.footer, companyLinks: menus.companyLinks },
    paths: tenant.paths,
    features: tenant.features,
    flags: dealerFlags(tenant),
    noPriceText: tenant.noPriceText,
    reserveDepositLabel: tenant.reserveDepositLabel,
  };
}

export type PublicSite = ReturnType<typeof publicSite>;
