/**
 * /saved-searches (issue 27): where 'Save this search' and the garage's saved-search buttons post (see
 * savedSearches.server.ts). A save refused without JavaScript shows here: the form again with what was
 * typed and each message at its field. Private, never cached, never indexed.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Link } from "~/components/Link";
import { SaveSearchForm } from "~/components/savedSearch/SaveSearchForm";
import * as styles from "~/components/savedSearch/savedSearch.css";
import { isSameSitePath } from "~/domain/safeRedirect";
import { container } from "~/styles/ui.css";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { savedSearchesAction, savedSearchesLoader } from "./savedSearches.server";

export const loader = (args: LoaderFunctionArgs) => savedSearchesLoader(args);
export const action = (args: ActionFunctionArgs) => savedSearchesAction(args);
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
export const meta: MetaFunction = () => [{ title: "Save this search" }, { name: "robots", content: "noindex" }];
export const ErrorBoundary = GeneralErrorBoundary;

type Refused = { fieldErrors: Record<string, string>; repopulateFields?: Record<string, string> };

export default function SavedSearchesPage() {
  const { dealerName, garagePath, searchPrefix } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  const typed = refused?.repopulateFields ?? {};
  const searchPath = isSameSitePath(typed.search_path) ? typed.search_path : null;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 style={{ margin: 0 }}>Save this search</h1>
      {searchPath ? (
        <>
          <p className={styles.panelIntro}>Please check the form: we&apos;ll let you know when a car matching this search arrives.</p>
          <div className={styles.panel}>
            <SaveSearchForm dealerName={dealerName} searchPath={searchPath} defaultName={typed.name ?? ""} garagePath={garagePath} />
          </div>
          <p style={{ margin: 0 }}>
            <Link to={searchPath}>Back to the results</Link>
          </p>
        </>
      ) : (
        <p style={{ margin: 0 }}>
          Save a search from any <Link to={searchPrefix}>results page</Link>; your saved searches are in{" "}
          <Link to={garagePath}>My Garage</Link>.
        </p>
      )}
    </div>
  );
}
