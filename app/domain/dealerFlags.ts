/**
 * The dealer options that shared rules read. Pure type: a subset of the tenant config, so rules can be
 * unit-tested without a whole tenant and used in the browser.
 */
export interface DealerFlags {
  subscriptions: boolean;
  noPriceText: string;
  electricHybridTag: boolean;
  certifiedPreOwnedMake?: string;
  favourites: boolean;
  compare: boolean;
  favouritesNeedImages: boolean;
  financeWidgets: boolean;
  reserve: boolean;
  buyOnline: boolean;
  tradeIn: boolean;
}

export const DEFAULT_DEALER_FLAGS: DealerFlags = {
  subscriptions: false,
  noPriceText: "Enquire for price.",
  electricHybridTag: true,
  favourites: true,
  compare: false,
  favouritesNeedImages: false,
  financeWidgets: true,
  reserve: true,
  buyOnline: false,
  tradeIn: true,
};
