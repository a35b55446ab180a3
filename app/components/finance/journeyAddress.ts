/**
 * The journey's address and the popup's fragment: all the vehicle page's first load carries of the
 * finance journey (FinancePopupLauncher), so they live apart from the journey's words.
 */

/** The route of the journey (app/routes/personalised.finance). */
export const JOURNEY_PATH = "/personalised/finance";
/** The fragment the popup adds to the vehicle page's address while it is open (Back closes it). */
export const POPUP_HASH = "#finance-journey";
