import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { PublicSite } from "@server/tenants/publicSite";
import { container, button } from "~/styles/ui.css";
import * as styles from "./GeneralErrorBoundary.css";

/**
 * One error page for every route. Shoppers see a plain explanation and a way on; never a stack trace
 * or a raw error message (those go to the server log).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const searchPath = useRouteLoaderData<{ site: PublicSite }>("root")?.site.paths.searchPrefix ?? "/search";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unknownSite = isRouteErrorResponse(error) && error.statusText === "Unknown site";
  const { title, text } = describe(status, unknownSite);
  if (!isRouteErrorResponse(error) && typeof window !== "undefined") console.error(error);
  return (
    <div className={container}>
      <section className={styles.panel} aria-labelledby="error-title">
        <p className={styles.code}>{status}</p>
        <h1 id="error-title">{title}</h1>
        <p>{text}</p>
        {unknownSite ? null : (
          <p className={styles.actions}>
            <Link to="/" className={button.primary}>
              Go to the home page
            </Link>
            <Link to={searchPath} className={button.outline}>
              Search our stock
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

function describe(status: number, unknownSite: boolean) {
  if (unknownSite) return { title: "No dealer site here", text: "This address does not belong to any of our dealer websites." };
  if (status === 404)
    return { title: "Page not found", text: "We couldn't find that page. The car may have been sold or the link may be out of date." };
  if (status === 400 || status === 422) return { title: "Something in that request wasn't right", text: "Please go back and try again." };
  return { title: "Sorry, something went wrong", text: "We're having trouble showing this page right now. Please try again in a moment." };
}
