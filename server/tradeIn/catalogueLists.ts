/**
 * The lists the shopper picks from when describing their car by hand: every make of the embedded
 * manufacturer list (spec 001 section 3, about 150 makes), and model suggestions from the bundled stock
 * catalogue and the dealer's own stock (the shopper may still type a model neither knows).
 */
import { MANUFACTURERS } from "~/domain/manufacturers";
import type { Queryable } from "../db/database";
import { log } from "../log";
import { CATALOGUE } from "../stock/catalogue";

export interface ModelSuggestion {
  make: string;
  model: string;
}

export const TRADE_IN_MAKES: readonly string[] = [...new Set(MANUFACTURERS.map((m) => m.name))].sort((a, b) => a.localeCompare(b));

const byName = (a: ModelSuggestion, b: ModelSuggestion) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model);

/** The catalogue's passenger and commercial models, then the dealer's stock's own make/model pairs, once each. */
export async function modelSuggestions(db: Queryable, tenant: string): Promise<ModelSuggestion[]> {
  const seen = new Map<string, ModelSuggestion>();
  const add = (make: string, model: string) => {
    const key = `${make.toLowerCase()}|${model.toLowerCase()}`;
    if (make && model && !seen.has(key)) seen.set(key, { make, model });
  };
  for (const spec of CATALOGUE) if (spec.item === "car") add(spec.make, spec.model);
  try {
    const rows = await db.query<{ make: string; model: string }>(
      `SELECT DISTINCT data->>'make' AS make, data->>'model' AS model FROM vehicles
        WHERE tenant = $1 AND data->>'item_type' = 'car' LIMIT 500`,
      [tenant],
    );
    for (const row of rows) add(String(row.make ?? "").slice(0, 40), String(row.model ?? "").slice(0, 60));
  } catch (error) {
    // The catalogue's list is enough to carry on with.
    log.warn("trade-in model list: stock models unavailable", { tenant, error: String(error) });
  }
  return [...seen.values()].sort(byName);
}
