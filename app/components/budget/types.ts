import type { BudgetPriceRange } from "~/domain/budget";

export interface BudgetCarType {
  /** Body filter value; '' is every car. */
  body: string;
  /** 'Car', 'SUV', 'Ute'... as the buttons read ('View SUVs In This Range'). */
  label: string;
  image: string | null;
  prices: BudgetPriceRange | null;
}
