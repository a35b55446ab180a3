/**
 * My Garage, on the dealer's garage path (/my-garage, /mymotorama, /mybigboxcars, /myblinkr or /myservco):
 * the signed-in shopper's saved cars, each removable, plus the favourites and recently viewed cars this
 * browser keeps, and 'Sign out'. See garage.server.ts.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SignOutForm } from "~/components/layout/SignOutForm";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { button, container } from "~/styles/ui.css";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { garageAction, garageLoader } from "./garage.server";
import type { SavedCar } from "./garageView";
import * as styles from "./garage.css";
import { SavedInBrowser } from "./SavedInBrowser";
import { SavedSearches } from "./SavedSearches";

/** The saved cars: the server renders them whole, the vehicle card's code loads after the page. */
const VehicleCard = lazyPart(() => import("~/components/vehicle-card/VehicleCard").then((m) => m.VehicleCard), "VehicleCard", PendingPart);

export const loader = (args: LoaderFunctionArgs) => garageLoader(args);
export const action = (args: ActionFunctionArgs) => garageAction(args);
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
export const meta: MetaFunction = () => [{ title: "My Garage" }, { name: "robots", content: "noindex" }];
export const ErrorBoundary = GeneralErrorBoundary;

function RemoveButton({ car, garagePath }: { car: SavedCar; garagePath: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("car_id") === car.id;
  return (
    <Form method="post" action={garagePath}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="car_id" value={car.id} />
      <button
        type="submit"
        className={`${button.ghost} ${styles.removeButton}`}
        disabled={busy}
        aria-label={car.title ? `Remove ${car.title}` : "Remove this car"}
      >
        {busy ? "Removing…" : "Remove"}
      </button>
    </Form>
  );
}

export default function GaragePage() {
  const { cars, removed, site, searchPath, garagePath, shopperName, savedSearches, carAlerts, searchNotice, dealerName, shopperMobile } =
    useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <div className={styles.heading}>
        <div>
          <h1 className={styles.title}>My Garage</h1>
          <p className={styles.intro}>{shopperName ? `Hi ${shopperName}, here` : "Here"} are the cars and searches you have saved.</p>
        </div>
        <SignOutForm siteSlug={site.slug} redirectTo="/" className={button.outline} />
      </div>

      {removed ? (
        <div className={styles.notice} role="status" data-testid="car-removed">
          <p className={styles.noticeTitle}>Car Removed</p>
          <p className={styles.noticeText}>{removed.name} is no longer in your watchlist</p>
        </div>
      ) : null}

      <section className={styles.section} aria-labelledby="garage-saved">
        <h2 id="garage-saved" className={styles.sectionTitle}>
          Saved cars{cars.length ? ` (${cars.length})` : ""}
        </h2>
        {cars.length === 0 ? (
          <div className={styles.empty} data-testid="garage-empty">
            <p style={{ margin: 0 }}>No saved cars yet. Save a car from its page and it will wait for you here.</p>
            <Link to={searchPath} className={button.primary}>
              Search our cars
            </Link>
          </div>
        ) : (
          <ul className={styles.grid} data-testid="saved-cars">
            {cars.map((car) => (
              <li key={car.id} className={styles.item} data-testid="saved-car" data-state={car.state}>
                {car.card ? (
                  <VehicleCard card={car.card} site={site} headingLevel={3} saveShown={false} />
                ) : (
                  <div className={styles.gone}>
                    <h3 className={styles.goneTitle}>{car.title || "A saved car"}</h3>
                    <p style={{ margin: 0 }}>This car is no longer available.</p>
                  </div>
                )}
                <RemoveButton car={car} garagePath={garagePath} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <SavedSearches
        searches={savedSearches}
        carAlerts={carAlerts}
        notice={searchNotice}
        dealerName={dealerName}
        searchPath={searchPath}
        shopperMobile={shopperMobile}
      />

      <SavedInBrowser siteSlug={site.slug} searchPath={searchPath} />
    </div>
  );
}
