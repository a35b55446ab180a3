/**
 * The browser side of local user details (~/domain/shopperDetails): kept in localStorage under the site
 * slug (`<site>:user`), written when the shopper sends a lead form and once they are signed in (their
 * account's details from GET /api/me, kept by the signed-in header and by any lead form), and read by
 * every lead form to fill in the fields the shopper has left empty. Only in the browser and only after the page is interactive: the server's HTML is the same
 * for everyone. Signing out clears them (SignOutForm clears the site's entries).
 */
import { useEffect, type RefObject } from "react";
import { loadMe } from "~/components/shopperMe";
import { readStored, writeStored } from "~/components/vehicle-card/localLists";
import {
  hasShopperDetails,
  LEAD_FIELD_FOR_DETAIL,
  mergeShopperDetails,
  readShopperDetails,
  SHOPPER_DETAIL_KEYS,
  toShopperDetails,
  type ShopperDetails,
} from "~/domain/shopperDetails";

export function readKeptDetails(siteSlug: string): ShopperDetails {
  return readShopperDetails(readStored(siteSlug, "user"));
}

/** Keeps these details (over the kept ones, or only where none are kept when `fillOnly`); returns what is kept. */
export function keepDetails(siteSlug: string, fresh: ShopperDetails, fillOnly = false): ShopperDetails {
  const kept = readKeptDetails(siteSlug);
  const merged = mergeShopperDetails(kept, fresh, fillOnly);
  if (hasShopperDetails(merged) && SHOPPER_DETAIL_KEYS.some((key) => merged[key] !== kept[key])) writeStored(siteSlug, "user", merged);
  return merged;
}

/** Puts each kept detail into its field of the form, where the shopper (or a refused post) has left it empty. */
export function fillEmptyFields(form: HTMLFormElement, details: ShopperDetails): void {
  for (const key of SHOPPER_DETAIL_KEYS) {
    const input = form.elements.namedItem(LEAD_FIELD_FOR_DETAIL[key]);
    if (details[key] && input instanceof HTMLInputElement && input.type !== "hidden" && input.value === "") input.value = details[key];
  }
}

/**
 * Once the form is interactive: the signed-in shopper's account details are kept (where this browser
 * has none of its own), then the form's empty contact fields are filled from what is kept.
 */
export function usePrefilledContactFields(formRef: RefObject<HTMLFormElement>, siteSlug: string | undefined): void {
  useEffect(() => {
    if (!siteSlug) return;
    let live = true;
    const fill = (details: ShopperDetails) => {
      if (live && formRef.current) fillEmptyFields(formRef.current, details);
    };
    fill(readKeptDetails(siteSlug));
    void loadMe().then((me) => {
      if (me?.signedIn && me.details) fill(keepDetails(siteSlug, toShopperDetails(me.details), true));
    });
    return () => {
      live = false;
    };
  }, [formRef, siteSlug]);
}
