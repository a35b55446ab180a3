/**
 * Page title and description of a results page, e.g. 'Used Toyota Corolla for sale | Westside Used Cars'.
 */
import { bodyLabel, pluralLabel } from "./bodyTypes";
import { formatNumber } from "./money";
import type { SearchState } from "./searchLinks";

const TYPE_ORDER = ["new", "demo", "used"];
const TYPE_WORDS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** 'Used Toyota Corolla', 'New and demo SUVs', 'Cars': what is being searched for. */
export function searchSubject(filters: SearchState["filters"]): string {
  const types = (filters.car_type ?? []).filter((t) => t in TYPE_WORDS).sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
  const typeText =
    types.length && types.length < 3 ? listWords(types.map((t, i) => (i === 0 ? TYPE_WORDS[t] : TYPE_WORDS[t].toLowerCase()))) : "";
  const makes = filters.make ?? [];
  const models = filters.model ?? [];
  const bodies = filters.body ?? [];
  let what = "";
  if (makes.length === 1 || makes.length === 2) what = [listWords(makes), models.length === 1 ? models[0] : ""].filter(Boolean).join(" ");
  else if (!makes.length && models.length === 1) what = models[0];
  if (!what) what = bodies.length === 1 ? pluralLabel(bodyLabel(bodies[0])) : "cars";
  const subject = [typeText, what].filter(Boolean).join(" ");
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

export function searchTitle(filters: SearchState["filters"], dealerName: string): string {
  const at =
    filters.dealership_name?.length === 1
      ? ` at ${filters.dealership_name[0]}`
      : filters.location_name?.length === 1
        ? ` at ${filters.location_name[0]}`
        : "";
  return `${searchSubject(filters)} for sale${at} | ${dealerName}`;
}

export function searchDescription(filters: SearchState["filters"], dealerName: string, found: number): string {
  const subject = searchSubject(filters);
  const count = found === 1 ? "1 vehicle" : `${formatNumber(found)} vehicles`;
  return `${subject} for sale at ${dealerName}: ${count} in stock now. Compare prices, get finance and book a test drive online.`;
}
