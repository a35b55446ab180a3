/** Route exports shared by the enquiry pages (title, no re-load after a refused form). */
import type { MetaFunction, ShouldRevalidateFunction } from "@remix-run/react";
import { isFormRefusal } from "~/components/forms/leadFormNames";

export function enquiryMeta(title: string): MetaFunction {
  return ({ data }) => {
    const d = data as { siteName?: string; car?: { title: string } | null } | undefined;
    return [
      { title: `${title}${d?.car ? ` - ${d.car.title}` : ""} | ${d?.siteName ?? ""}` },
      // One page per car and query string: keep them out of search results.
      { name: "robots", content: "noindex" },
    ];
  };
}

/** A refused form comes back as action data; the page itself has not changed, so it is not reloaded. */
export const enquiryShouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isFormRefusal(actionResult) ? false : defaultShouldRevalidate;
