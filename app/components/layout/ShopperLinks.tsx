/**
 * The header's part for a signed-in shopper ('My Garage' on dealers with the garage, their name,
 * 'Sign out'). Pages are the same for every shopper (so they can be cached), so the header asks
 * GET /api/me once the page has loaded; until then, and without JavaScript, it shows the signed-out header.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loadMe, type Me } from "../shopperMe";
import { SignOutForm } from "./SignOutForm";
import * as styles from "./SiteHeader.css";

/** `garagePath`: the dealer's garage page, or undefined when the dealer has no garage (no link then). */
export function ShopperLinks({ siteSlug, garagePath }: { siteSlug: string; garagePath?: string }) {
  const [me, setMe] = useState<Me | null>(null);
  const location = useLocation();
  // Asked once per page load (the request every part of the page shares), and again when the shopper
  // comes back from signing in without a reload.
  const [signIns, setSignIns] = useState(0);
  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (previousPath.current === "/sign-in" && location.pathname !== "/sign-in") setSignIns((n) => n + 1);
    previousPath.current = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    let live = true;
    // Not known (offline, an old server): the signed-out header stays.
    void loadMe().then((answer) => live && setMe(answer));
    return () => {
      live = false;
    };
  }, [signIns]);
  if (!me?.signedIn) return null;
  return (
    <div className={styles.shopper} data-testid="shopper-links">
      {garagePath ? (
        <a href={garagePath} className={styles.shopperLink}>
          My Garage
        </a>
      ) : null}
      <span className={styles.shopperLink}>{me.firstName ? `Hi, ${me.firstName}` : "Signed in"}</span>
      {/* Sign-out reloads the page the shopper is on (a gated one then asks them to sign in again). */}
      <SignOutForm siteSlug={siteSlug} redirectTo={`${location.pathname}${location.search}`} className={styles.shopperButton} />
    </div>
  );
}
