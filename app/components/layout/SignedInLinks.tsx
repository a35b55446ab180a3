/**
 * The header's links for a signed-in shopper (ShopperLinks.tsx loads this once it knows they are signed
 * in). Signed in, the shopper's account details are kept in this browser as their local user details
 * (spec 000 section 3), where they have not given their own, so every lead form can fill them in.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { keepDetails } from "~/components/forms/shopperDetailsStore";
import type { Me } from "~/components/shopperMe";
import { toShopperDetails } from "~/domain/shopperDetails";
import { withoutWatchlistOutcome } from "~/domain/watchlistAddress";
import { SignOutForm } from "./SignOutForm";
import * as styles from "./SignedInLinks.css";

export function SignedInLinks({ siteSlug, garagePath, me }: { siteSlug: string; garagePath?: string; me: Me }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (me.details) keepDetails(siteSlug, toShopperDetails(me.details), true);
  }, [siteSlug, me.details]);
  return (
    <div className={styles.shopper} data-testid="shopper-links">
      {garagePath ? (
        <a href={garagePath} className={styles.shopperLink}>
          My Garage
        </a>
      ) : null}
      <span className={styles.shopperLink}>{me.firstName ? `Hi, ${me.firstName}` : "Signed in"}</span>
      {/* Sign-out reloads the page the shopper is on (a gated one then asks them to sign in again), without a
          save's outcome, which would say it again. */}
      <SignOutForm siteSlug={siteSlug} redirectTo={pathname + withoutWatchlistOutcome(search)} className={styles.shopperButton} />
    </div>
  );
}
