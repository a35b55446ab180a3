/**
 * Every one-segment address of a dealer that no named route claims: a dealer's content page (About Us,
 * Privacy Policy, Service, the group pages...: the addresses in server/content/pageAddresses.js) or a
 * model's landing page (/{modelSlug}); anything else is the dealer's 404 page. A content page's name
 * always wins over a model of the same name, as it did when each content address was a route of its own.
 *
 * One route for all of them, not one per content address: Remix matches every request (and the page's
 * route discovery matches the page's parent addresses again) against every route, so each route costs
 * every render; twenty content routes were a tenth of a vehicle page's render (decision 0032).
 */
import { siteMeta } from "~/utils/meta";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NO_STORE } from "@server/http/cachePolicy";
import { CONTENT_PAGE_ADDRESSES } from "@server/content/pageAddresses.js";
import { contentPageAction, contentPageLoader } from "./content.server";
import { modelPageAction, modelPageLoader } from "./model.server";
import { lazyPart, PendingPart } from "~/components/lazyPart";

// Each page's code loads only where it shows (and after the page, which the server renders whole): a
// content page does not carry the model page's cards and offers, nor a model page the content's blocks.
const ContentPage = lazyPart(() => import("./ContentPage").then((m) => m.ContentPage), "ContentPage", PendingPart);
const ModelPage = lazyPart(() => import("./ModelPage").then((m) => m.ModelPage), "ModelPage", PendingPart);

/**
 * Whether the address names a content page (a dealer may still not have it: its loader answers 404), in
 * any case, as Remix matched each content address when it was a route of its own.
 */
const isContentAddress = (page: string | undefined) => page !== undefined && CONTENT_PAGE_ADDRESSES.includes(page.toLowerCase());

export const loader = (args: LoaderFunctionArgs) => (isContentAddress(args.params.page) ? contentPageLoader(args) : modelPageLoader(args));
export const action = (args: ActionFunctionArgs) => (isContentAddress(args.params.page) ? contentPageAction(args) : modelPageAction(args));
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return siteMeta(matches);
  if (data.kind === "content") {
    return [
      { title: `${data.page.title} | ${data.siteName}` },
      ...(data.page.description ? [{ name: "description", content: data.page.description }] : []),
      { tagName: "link", rel: "canonical", href: data.canonical },
    ];
  }
  return [
    { title: `${data.model.title} | ${data.siteName}` },
    {
      name: "description",
      content: `The ${data.model.title}${data.model.bodyLabel ? ` ${data.model.bodyLabel}` : ""} at ${data.siteName}: current offers, cars in stock and enquiries.`,
    },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

export default function OneSegmentPage() {
  const view = useLoaderData<typeof loader>();
  return view.kind === "content" ? <ContentPage view={view} /> : <ModelPage view={view} />;
}
