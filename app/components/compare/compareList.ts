/** The compare list's limits and its change signal, shared by the cards' toggles and the compare bar. */

/** Compare holds a few cars side by side; more than this is not a comparison a phone can show. */
export const COMPARE_LIMIT = 3;
/** Fired on window when the compare list changes, so every card and the compare bar stay in step. */
export const COMPARE_CHANGED = "dealer:compare-changed";
