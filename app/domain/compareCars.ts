/**
 * The comparison table: one row per fact any of the chosen cars has, in the vehicle page's order
 * (key information, then the spec sheet), with '–' where a car lacks it. Reuses the vehicle page's rules
 * so the two never disagree.
 */
import { keyInformation, specificationGroups } from "./keyInformation";

export const COMPARE_MAX = 3;
export const MISSING = "–";

export interface CompareRow {
  label: string;
  values: string[];
  /** True when the cars differ on this row (shown highlighted). */
  differs: boolean;
}

type Car = Parameters<typeof keyInformation>[0];

export function compareRows(cars: Car[]): CompareRow[] {
  const perCar = cars.map((car) => {
    const facts = new Map<string, string>();
    for (const { label, value } of keyInformation(car, null)) facts.set(label, value);
    for (const group of specificationGroups(car))
      for (const { label, value } of group.items) if (!facts.has(label)) facts.set(label, value);
    return facts;
  });
  const labels: string[] = [];
  for (const facts of perCar) for (const label of facts.keys()) if (!labels.includes(label)) labels.push(label);
  // Identifiers say nothing about which car is better.
  const comparable = labels.filter((label) => !["Stock No.", "Rego", "Make", "Model"].includes(label));
  return comparable.map((label) => {
    const values = perCar.map((facts) => facts.get(label) ?? MISSING);
    return { label, values, differs: new Set(values).size > 1 };
  });
}

/** Ids from the query string: at most three, no duplicates, sensible lengths; anything else dropped. */
export function parseCompareIds(params: URLSearchParams): string[] {
  const ids: string[] = [];
  for (const raw of params.getAll("id")) {
    for (const id of raw.split(",")) {
      const clean = id.trim();
      if (/^[A-Za-z0-9_-]{1,80}$/.test(clean) && !ids.includes(clean)) ids.push(clean);
    }
  }
  return ids.slice(0, COMPARE_MAX);
}
