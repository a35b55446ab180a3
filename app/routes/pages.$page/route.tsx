/**
 * /pages/{page}: a dealer's content page under its older address moves (301) to the page's own
 * (/about-us), where the one-segment route ($page) shows it; a page the dealer has not got is the
 * dealer's 404 page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { contentPageLoader } from "~/routes/$page/content.server";

export async function loader(args: LoaderFunctionArgs): Promise<never> {
  // For a /pages/ address the content loader only ever redirects or answers 404.
  await contentPageLoader(args);
  throw new Response("Not found", { status: 404 });
}

export default function MovedContentPage() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
