/**
 * The header's part for a signed-in shopper ('My Garage' on dealers with the garage, their name,
 * 'Sign out'). Pages are the same for every shopper (so they can be cached), so the header asks
 * GET /api/me once the page has loaded; until then, and without JavaScript, it shows the signed-out
 * header. The signed-in part's code loads only for a shopper who is signed in (SignedInLinks.tsx).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLazyModule } from "../useHydrated";
import { loadMe, useMe } from "../shopperMe";

/** `garagePath`: the dealer's garage page, or undefined when the dealer has no garage (no link then). */
export function ShopperLinks({ siteSlug, garagePath }: { siteSlug: string; garagePath?: string }) {
  // Asked once per page load (the answer every part of the page shares)...
  const me = useMe();
  const location = useLocation();
  // ...and again when the shopper comes back from signing in without a reload.
  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (previousPath.current === "/sign-in" && location.pathname !== "/sign-in") void loadMe(true);
    previousPath.current = location.pathname;
  }, [location.pathname]);
  const signedIn = useLazyModule(() => import("./SignedInLinks"), Boolean(me?.signedIn));
  if (!me?.signedIn || !signedIn) return null;
  return <signedIn.SignedInLinks siteSlug={siteSlug} garagePath={garagePath} me={me} />;
}
