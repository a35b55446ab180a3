/**
 * The journey's address and the popup's fragment: all the vehicle page's first load carries of the
 * finance journey (FinancePopupLauncher), so they live apart from the journey's words.
 */

/** The route of the journey (app/routes/personalised.finance). */
export const JOURNEY_PATH = "/personalised/finance";
/**
 * The journey's loader and action answered as JSON, for the browser's own calls (the popup's data, each
 * step's post): app/routes/api.finance-journey, with the journey's query.
 */
export const JOURNEY_API_PATH = "/api/finance-journey";
/** The fragment the popup adds to the vehicle page's address while it is open (Back closes it). */
export const POPUP_HASH = "#finance-journey";
