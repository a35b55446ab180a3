/** The header's links for a signed-in shopper (ShopperLinks.tsx loads this once it knows they are signed in). */
import { useLocation } from "@remix-run/react";
import { withoutWatchlistOutcome } from "~/domain/watchlistAddress";
import { SignOutForm } from "./SignOutForm";
import * as styles from "./SiteHeader.css";

export function SignedInLinks({ siteSlug, garagePath, firstName }: { siteSlug: string; garagePath?: string; firstName: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className={styles.shopper} data-testid="shopper-links">
      {garagePath ? (
        <a href={garagePath} className={styles.shopperLink}>
          My Garage
        </a>
      ) : null}
      <span className={styles.shopperLink}>{firstName ? `Hi, ${firstName}` : "Signed in"}</span>
      {/* Sign-out reloads the page the shopper is on (a gated one then asks them to sign in again), without a
          save's outcome, which would say it again. */}
      <SignOutForm siteSlug={siteSlug} redirectTo={pathname + withoutWatchlistOutcome(search)} className={styles.shopperButton} />
    </div>
  );
}
