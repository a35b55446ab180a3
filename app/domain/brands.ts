/**
 * The group brands page (spec 000 section 1, spec 001 section 3 Brand entry: title, slug, logo, banner,
 * description, skipPage): brand entries grouped car, motorcycle, truck, caravan and group, each linking
 * to its /{brand}/overview page unless the dealer skips that page.
 */
export type BrandKind = "car" | "motorcycle" | "truck" | "caravan" | "group";

export interface BrandEntry {
  title: string;
  slug: string;
  kind: BrandKind;
  logo: string;
  banner: string;
  description: string;
  skipPage: boolean;
}

const SECTIONS: { kind: BrandKind; title: string }[] = [
  { kind: "car", title: "Car Brands" },
  { kind: "motorcycle", title: "Motorcycle Brands" },
  { kind: "truck", title: "Truck Brands" },
  { kind: "caravan", title: "Caravan Brands" },
  { kind: "group", title: "Group Brands" },
];

export interface BrandCard extends BrandEntry {
  /** The brand's overview page, or null when the dealer skips it. */
  href: string | null;
}

export function brandOverviewHref(brand: Pick<BrandEntry, "slug" | "skipPage">): string | null {
  return brand.skipPage ? null : `/${brand.slug}/overview`;
}

/** The page's sections in the spec's order, empty ones left out; brands keep the dealer's order. */
export function brandSections(brands: readonly BrandEntry[]): { kind: BrandKind; title: string; brands: BrandCard[] }[] {
  return SECTIONS.map((section) => ({
    ...section,
    brands: brands.filter((b) => b.kind === section.kind).map((b) => ({ ...b, href: brandOverviewHref(b) })),
  })).filter((section) => section.brands.length > 0);
}

/** The brand at /{brand}/overview: a brand of this dealer whose page is not skipped. */
export function findBrandPage<T extends BrandEntry>(brands: readonly T[], slug: string): T | null {
  return brands.find((b) => b.slug === slug && !b.skipPage) ?? null;
}
