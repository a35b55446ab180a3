/**
 * What the browser is told about the dealer site: names, brand, menus, phones and flags the pages
 * need. Built from the tenant config; nothing secret is in a tenant config, but this keeps the
 * payload small and deliberate.
 */
import { dealerFlags } from "~/domain/dealerFlags";
import type { TenantConfig } from "./schema";

/** The dealer options the shared rules read are built in app/domain (page builders use them too). */
export { dealerFlags };

export function publicSite(tenant: TenantConfig) {
  const primary = tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
  return {
    slug: tenant.slug,
    name: tenant.name,
    legalName: tenant.legalName ?? tenant.name,
    logoText: tenant.logoText ?? tenant.name,
    tagline: tenant.tagline,
    theme: { ...tenant.theme, logo: tenant.theme.logo ?? tenant.theme.brand },
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
    menus: tenant.menus,
    footer: tenant.footer,
    paths: tenant.paths,
    features: tenant.features,
    flags: dealerFlags(tenant),
    noPriceText: tenant.noPriceText,
    reserveDepositLabel: tenant.reserveDepositLabel,
  };
}

export type PublicSite = ReturnType<typeof publicSite>;
