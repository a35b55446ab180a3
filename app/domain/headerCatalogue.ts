/** The header's "Vehicles" and "Stock" dropdowns, built from the dealer's live stock. */
export interface HeaderCatalogue {
  models: { label: string; href: string }[];
  stock: { label: string; href: string }[];
}
