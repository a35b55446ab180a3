/**
 * The 'Sign out' button: a plain POST to /sign-out (works without JavaScript). With JavaScript it also
 * clears what this browser keeps about the shopper on this dealer's site (spec 001 section 4: sign-out
 * clears the user): every local-storage entry under the site slug.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** Removes this site's entries (`<siteSlug>:<kind>`) from local storage; storage may be blocked. */
export function clearLocalShopperData(siteSlug: string): void {
  try {
    const storage = window.localStorage;
    const prefix = `${siteSlug}:`;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k?.startsWith(prefix) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  } catch (error) {
    console.warn("Could not clear this browser's saved details", error);
  }
}

export function SignOutForm({
  siteSlug,
  redirectTo = "/",
  className,
  children = "Sign out",
}: {
  siteSlug: string;
  redirectTo?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" action="/sign-out" reloadDocument onSubmit={() => clearLocalShopperData(siteSlug)}>
      <input type="hidden" name="redirect" value={redirectTo} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
