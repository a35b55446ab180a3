/**
 * Warranty claims in tiles on a brand's page (spec 001 section 9: '3 year standard; 5 or 7 year for new
 * cars of some brands; mechanical protection 3 or 5 years (175,000 km for one)'). A brand that configures
 * its warranty (tenant.json brands[].warranty) shows a tile for its new car warranty and, where it offers
 * one, a tile for its mechanical protection plan. Pure.
 */
import { formatNumber } from "./money";

export interface BrandWarranty {
  /** The new car warranty's years: 3 (the standard), or 5 or 7 for some brands. */
  newCarYears: 3 | 5 | 7;
  /** Its kilometre limit; unlimited when absent. */
  newCarKm?: number;
  /** The mechanical protection plan's years (3 or 5), where the brand offers one. */
  protectionYears?: 3 | 5;
  /** Its kilometre limit (175,000 km on one); unlimited when absent. */
  protectionKm?: number;
}

export interface WarrantyTile {
  /** The big figure: '7'. */
  years: number;
  title: string;
  text: string;
}

const kmText = (km: number | undefined) => (km ? `or ${formatNumber(km)} km, whichever comes first` : "with unlimited kilometres");

/** The tiles for a brand's warranty, in order: the new car warranty, then the mechanical protection plan. */
export function warrantyTiles(brand: string, warranty: BrandWarranty | null | undefined): WarrantyTile[] {
  if (!warranty) return [];
  const standard = warranty.newCarYears === 3;
  const tiles: WarrantyTile[] = [
    {
      years: warranty.newCarYears,
      title: standard ? "3-Year Standard Warranty" : `${warranty.newCarYears}-Year New Car Warranty`,
      text: `Every new ${brand} is covered for ${warranty.newCarYears} years ${kmText(warranty.newCarKm)}.`,
    },
  ];
  if (warranty.protectionYears) {
    tiles.push({
      years: warranty.protectionYears,
      title: `${warranty.protectionYears}-Year Mechanical Protection`,
      text: `Engine, transmission and driveline cover for ${warranty.protectionYears} years ${kmText(warranty.protectionKm)}.`,
    });
  }
  return tiles;
}
