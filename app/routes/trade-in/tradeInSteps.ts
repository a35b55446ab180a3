/**
 * What the trade-in page and its action share without the zod schemas (those load with the forms, not
 * with the page): the step forms' ids and intents, the hidden field that names the valuation, and the
 * shape of the choices the condition step offers (sent by the loader, judged by the same schema on
 * both sides).
 */

/** The forms of the valuation, one per step, by the `intent` each posts. */
export const TRADE_IN_FORM_IDS = {
  rego: "trade-in-rego",
  vehicle: "trade-in-vehicle",
  adjustments: "trade-in-adjustments",
  decision: "trade-in-decision",
  manual: "trade-in-manual",
} as const;
export type TradeInIntent = keyof typeof TRADE_IN_FORM_IDS;

/** The hidden field (and the address's query parameter) naming the shopper's valuation. */
export const VALUATION_FIELD = "valuation";

/** Set by the page's script on the forms it sends, so the server leaves the browser's own calls to it. */
export const ENHANCED_FIELD = "enhanced";

/** The condition step's questions and their answers, in the order asked. */
export type AdjustmentChoices = Record<
  "accident" | "service" | "keys" | "financeOwing" | "condition",
  readonly { value: string; label: string }[]
>;

/** The questions as the page asks them. */
/** The kilometre fields' unit, word for word (spec 001 section 5: "Kilometre field has suffix ' kms'"). */
export const KM_SUFFIX = " kms";

export const ADJUSTMENT_PROMPTS: Record<keyof AdjustmentChoices, string> = {
  accident: "Has it been in an accident?",
  service: "Service history",
  keys: "How many keys do you have?",
  financeOwing: "Is there finance owing on it?",
  condition: "Overall condition",
};
