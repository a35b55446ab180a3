import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PriceRangePicker } from "~/components/budget/PriceRangePicker";
import { priceRangePageStart } from "~/domain/rangeSlider";
import { emptySearchRequest } from "~/domain/search";
import { log } from "@server/log";
import { container } from "~/styles/ui.css";
import { dealerFrom } from "@server/http/loadContext";
import { PUBLIC_FIVE_MINUTES } from "@server/http/cachePolicy";

/** Price-range page: the slider's ends come from the dealer's priced stock, 0 to 100,000 when there is none. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  let stats = null;
  try {
    // Only priced cars set the ends: 'Enquire for price' (0) is not the cheapest car.
    const result = await platform.search.search(
      tenant,
      emptySearchRequest({ perPage: 1, ranges: { price: { min: 1 } }, sortBy: "price:asc" }),
    );
    const cheapest = result.hits[0]?.price;
    if (cheapest !== undefined) {
      const [dearest] = (
        await platform.search.search(tenant, emptySearchRequest({ perPage: 1, ranges: { price: { min: 1 } }, sortBy: "price:desc" }))
      ).hits;
      stats = dearest ? { min: cheapest, max: dearest.price } : null;
    }
  } catch (error) {
    log.warn("price range unavailable", { tenant: tenant.slug, error: String(error) });
  }
  return data(
    { ...priceRangePageStart(stats), searchPrefix: tenant.paths.searchPrefix, dealerName: tenant.name },
    { headers: { "Cache-Control": PUBLIC_FIVE_MINUTES } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Shop by price range | ${data.dealerName}` : "Shop by price range" },
  { name: "description", content: "Choose the price range you want to spend and see every car in it, dearest first." },
];

export const headers = () => ({ "Cache-Control": PUBLIC_FIVE_MINUTES });

export default function PriceRangePage() {
  const { bounds, min, max, searchPrefix } = useLoaderData<typeof loader>();
  return (
    <div className={container} style={{ paddingTop: 28, paddingBottom: 56 }}>
      <h1>Shop by price range</h1>
      <p>Set the least and the most you want to spend.</p>
      <PriceRangePicker bounds={bounds} start={{ min, max }} searchPrefix={searchPrefix} />
    </div>
  );
}
