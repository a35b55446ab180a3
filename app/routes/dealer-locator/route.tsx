/**
 * The dealer locator (/dealer-locator): the dealer's locations nearest a postcode, by straight-line
 * distance (haversine, Earth radius 6371 km) from the postcode's centre given by the Geocoder port
 * (bundled postcode list, or GEOCODER_URL). A plain GET form: works without JavaScript, and the answer
 * is the same page for everyone who asks for that postcode, so it is page-cacheable.
 */
import { siteMeta } from "~/utils/meta";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { log } from "@server/log";
import { locationSummaries } from "@server/reviews";
import { distanceLabel, nearestTo } from "~/domain/distance";
import { dedupeSameStreet, sortLocations } from "~/domain/locations";
import type { ReviewSummary } from "~/domain/reviews";
import { alert, button, container, field, fieldError, label } from "~/styles/ui.css";
import { LocationCard } from "../locations/LocationCard";
import { locationCards } from "../locations/locationView.server";
import * as grid from "../locations/locations.css";
import * as styles from "./locator.css";

/** Spec 001 sections 5 and 8. */
export const POSTCODE_FORMAT_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
export const UNKNOWN_POSTCODE_MESSAGE = "Invalid postcode";
/** How many of the nearest locations the page lists. */
export const LOCATOR_RESULTS = 6;

const postcodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/, POSTCODE_FORMAT_MESSAGE);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const raw = new URL(request.url).searchParams.get("postcode");
  const base = { name: tenant.name, postcode: (raw ?? "").slice(0, 4), error: null as string | null, searched: raw !== null };
  const headers = { "Cache-Control": PAGE_CACHE };
  if (raw === null) return data({ ...base, results: [] }, { headers });
  const parsed = postcodeSchema.safeParse(raw);
  if (!parsed.success) return data({ ...base, error: POSTCODE_FORMAT_MESSAGE, results: [] }, { headers });
  const postcode = parsed.data;
  const point = await platform.geocoder.locate(postcode).catch((error) => {
    log.warn("dealer locator: postcode not located", { tenant: tenant.slug, error: String(error) });
    return undefined;
  });
  if (point === undefined)
    return data(
      { ...base, postcode, error: "Sorry, we can't search by postcode right now. Please try again shortly.", results: [] },
      { headers: { "Cache-Control": NO_STORE } },
    );
  if (point === null) return data({ ...base, postcode, error: UNKNOWN_POSTCODE_MESSAGE, results: [] }, { headers });
  const all = sortLocations(tenant.locations);
  const listed = tenant.features.dedupeSameStreetLocations ? dedupeSameStreet(all) : all;
  const nearest = nearestTo(listed, point, LOCATOR_RESULTS);
  const summaries = await locationSummaries(platform, tenant).catch(() => new Map<string, ReviewSummary>());
  const cards = locationCards(
    tenant,
    nearest.map((n) => n.place),
    summaries,
    new Date(),
  );
  const results = cards.map((card, i) => ({ card, distance: `${distanceLabel(nearest[i].km)} away` }));
  return data({ ...base, postcode, results }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `Dealer locator | ${data.name}` },
        { name: "description", content: `Find the ${data.name} location nearest you by postcode.` },
      ]
    : siteMeta(matches);

export default function DealerLocator() {
  const { postcode, error, results, searched } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === "/dealer-locator";
  return (
    <div className={`${container} ${grid.page}`}>
      <h1 className={grid.title}>Find a dealer</h1>
      <p className={grid.intro}>Enter your postcode to see our nearest locations.</p>
      <Form method="get" action="/dealer-locator" className={styles.form} noValidate role="search" aria-label="Find a dealer by postcode">
        <div className={styles.field}>
          <label htmlFor="locator-postcode" className={label}>
            Postcode
          </label>
          <input
            id="locator-postcode"
            type="text"
            name="postcode"
            className={field}
            defaultValue={postcode}
            key={postcode}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "locator-postcode-error" : undefined}
          />
          {error ? (
            <p id="locator-postcode-error" className={fieldError} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className={styles.submitRow}>
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? "Searching..." : "Search"}
          </button>
        </div>
      </Form>
      {results.length ? (
        <section aria-labelledby="locator-results" className={styles.results}>
          <h2 id="locator-results" className={styles.resultsTitle}>
            Nearest to {postcode}
          </h2>
          <ol className={`${grid.grid[3]}`}>
            {results.map(({ card, distance }) => (
              <li key={card.id}>
                <LocationCard location={card} headingLevel={3} extra={distance} />
              </li>
            ))}
          </ol>
        </section>
      ) : searched && !error ? (
        <p className={alert}>No locations found.</p>
      ) : null}
    </div>
  );
}
