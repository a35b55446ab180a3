/**
 * 'Save this search' in the results header (issue 27): a disclosure opening a small form. Its code (the
 * shopper's state, the toasts, the form's kit: SaveSearchImpl.tsx) loads after the page
 * (~/components/lazyPart.tsx), while the server renders it whole, so it works without JavaScript and the
 * results page stays light.
 */
import { lazyPart, PendingPart } from "~/components/lazyPart";
import type { SearchState } from "~/domain/searchLinks";

export interface SaveSearchProps {
  /** The dealer, named in the consent line. */
  dealerName: string;
  /** The search shown: the name it is offered under comes from it. */
  state: SearchState;
  /** The dealer's garage, where saved searches are kept. */
  garagePath: string;
  /** The dealer's site (the e-mail this browser keeps for it fills in the form's). */
  siteSlug: string;
}

export const SaveSearch = lazyPart<SaveSearchProps>(
  () => import("./SaveSearchImpl").then((m) => m.SaveSearchImpl),
  "SaveSearch",
  PendingPart,
);
