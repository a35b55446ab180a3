import { describe, expect, it } from "vitest";
import { brandSections, findBrandPage, type BrandEntry } from "./brands";

function brand(title: string, kind: BrandEntry["kind"], extra: Partial<BrandEntry> = {}): BrandEntry {
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  return { title, slug, kind, logo: "", banner: "", description: "", skipPage: false, ...extra };
}

const brands = [
  brand("Isuzu", "truck"),
  brand("Hyundai", "car"),
  brand("Summit Auto Group", "group", { skipPage: true }),
  brand("Toyota", "car"),
  brand("Yamaha", "motorcycle"),
];

describe("brands page", () => {
  it("groups brands car, motorcycle, truck, then group, keeping the dealer's order and leaving out empty groups", () => {
    expect(brandSections(brands).map((s) => [s.title, s.brands.map((b) => b.title)])).toEqual([
      ["Car Brands", ["Hyundai", "Toyota"]],
      ["Motorcycle Brands", ["Yamaha"]],
      ["Truck Brands", ["Isuzu"]],
      ["Group Brands", ["Summit Auto Group"]],
    ]);
  });

  it("links each brand to its overview page unless the page is skipped", () => {
    const cards = brandSections(brands).flatMap((s) => s.brands);
    expect(cards.find((b) => b.slug === "hyundai")?.href).toBe("/hyundai/overview");
    expect(cards.find((b) => b.slug === "summit-auto-group")?.href).toBeNull();
  });

  it("finds a brand's overview page only for its own, unskipped brands", () => {
    expect(findBrandPage(brands, "toyota")?.title).toBe("Toyota");
    expect(findBrandPage(brands, "summit-auto-group")).toBeNull();
    expect(findBrandPage(brands, "search")).toBeNull();
  });
});
