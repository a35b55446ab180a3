/**
 * 'Save this search' (issue 27): the form, loaded with its own code (the forms kit and zod), not with
 * the results page (components/forms/lazyForm.tsx). The server renders the whole form, so it is a plain
 * HTML form without JavaScript, posting to /saved-searches.
 */
import { lazyForm } from "~/components/forms/lazyForm";

export interface SaveSearchFormProps {
  /** The dealer, named in the consent line. */
  dealerName: string;
  /** The results page to save and come back to (its path and query). */
  searchPath: string;
  /** The search's name as offered ("Used Toyota Corolla under $30,000"). */
  defaultName: string;
  /** The dealer's garage, linked from the toast once saved. */
  garagePath: string;
  /** The dealer's site, whose details kept in this browser can fill in the e-mail (local user details). */
  siteSlug?: string;
  /** On the results page with JavaScript: sent by a fetcher and answered in place (else a plain post). */
  inPlace?: boolean;
  /** Told once the search is saved in place (the disclosure closes). */
  onSaved?: () => void;
}

export const SaveSearchForm = lazyForm<SaveSearchFormProps>(
  () => import("./SaveSearchFormImpl").then((m) => m.SaveSearchFormImpl),
  "SaveSearchForm",
);
