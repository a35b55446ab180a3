/**
 * Save as the server renders it (the whole page, lazy parts included, as app/entry.server.tsx waits for
 * them), which is also what a shopper without JavaScript gets: a form posting to the watchlist call with
 * the car and the way back; 'Saved' with the spec's toast when the address says the car was just saved;
 * a sold car only when it is already saved; Save on vehicle cards only on dealers with the garage (and
 * not on the garage's own cards); a refusal in the address said once, by the page's toast host.
 */
import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ToastHost } from "~/components/ToastHost";
import { VehicleCard } from "~/components/vehicle-card/VehicleCard";
import { DEFAULT_DEALER_FLAGS } from "~/domain/dealerFlags";
import { toVehicleCardData, type CardSiteOptions } from "~/domain/vehicleCard";
import { testVehicle } from "../../../tests/support/testVehicle";
import { SaveToWatchlist } from "./SaveToWatchlist";

/** The page's HTML once every lazy part is ready, at this address. */
async function renderAt(url: string, element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://harbour-gwm.localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(<StaticRouterProvider router={router} context={context} hydrate={false} />, {
      onAllReady: () => stream.pipe(sink),
      onError: reject,
    });
  });
}

const decode = (html: string) => html.replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

const save = (available = true) => (
  <SaveToWatchlist carId="car-1" carName="2022 Toyota HiLux SR5" available={available} watchlistPath="/mymotorama" />
);

describe("Save (the vehicle page's and the cards')", () => {
  it("is a form posting the car and this page's address to save-car", async () => {
    const html = decode(await renderAt("/search/toyota?page=2", save()));
    expect(html).toContain('<form method="post" action="/api/watchlist/save-car"');
    expect(html).toContain('<input type="hidden" name="car_id" value="car-1"/>');
    expect(html).toContain('<input type="hidden" name="redirect" value="/search/toyota?page=2"/>');
    expect(html).toContain('aria-label="Save 2022 Toyota HiLux SR5 to your watchlist"');
    // Not pressed or disabled before the page knows the shopper, and no toast.
    expect(html).not.toContain("aria-pressed");
    expect(html).not.toContain("disabled");
    expect(html).not.toContain('data-testid="toast"');
  });

  it("back from a save: 'Saved' (Remove), the spec's toast with View List to the dealer's garage; the address's outcome is not sent back", async () => {
    const html = decode(await renderAt("/search/toyota?page=2&saved=car-1", save()));
    expect(html).toContain('action="/api/watchlist/remove-car"');
    expect(html).toContain('aria-label="Remove 2022 Toyota HiLux SR5 from your watchlist"');
    expect(html).toContain('value="/search/toyota?page=2"');
    expect(html).toContain("Car Saved In Watchlist");
    expect(html).toContain("2022 Toyota HiLux SR5 is now available in your watchlist");
    expect(html).toContain('href="/mymotorama">View List</a>');
    // Without JavaScript, closing it is going to the same page without the outcome.
    expect(html).toMatch(/href="\/search\/toyota\?page=2" aria-label="Dismiss"/);
  });

  it("back from a removal: 'Car Removed'; another car's outcome says nothing here", async () => {
    const removed = await renderAt("/cars/x?removed=car-1", save());
    expect(removed).toContain("Car Removed");
    expect(removed).toContain("2022 Toyota HiLux SR5 is no longer in your watchlist");
    expect(removed).toContain('action="/api/watchlist/save-car"');
    const other = await renderAt("/search?saved=car-2", save());
    expect(other).not.toContain('data-testid="toast"');
  });

  it("a sold car cannot be saved, but one already saved can be removed", async () => {
    expect(await renderAt("/search", save(false))).not.toContain("<form");
    const saved = await renderAt("/search?saved=car-1", save(false));
    expect(saved).toContain('action="/api/watchlist/remove-car"');
  });
});

describe("Save on vehicle cards", () => {
  const site: CardSiteOptions = {
    slug: "harbour-gwm",
    flags: DEFAULT_DEALER_FLAGS,
    paths: { finance: "/finance", testDrive: "/book-test-drive/", checkout: "checkout" },
    primaryLabel: "View Details",
    weeklyPrice: false,
    now: "2026-10-05T00:00:00.000Z",
    watchlistPath: "/mymotorama",
  };
  const card = toVehicleCardData(testVehicle({ id: "car-1", name: "2022 Toyota HiLux SR5" }));

  it("sits on the card of a dealer with the garage, and not on a dealer without it", async () => {
    expect(await renderAt("/search", <VehicleCard card={card} site={site} />)).toContain(
      'aria-label="Save 2022 Toyota HiLux SR5 to your watchlist"',
    );
    expect(await renderAt("/search", <VehicleCard card={card} site={{ ...site, watchlistPath: null }} />)).not.toContain("/api/watchlist/");
  });

  it("is not on the garage's own cards (they have Remove)", async () => {
    expect(await renderAt("/mymotorama", <VehicleCard card={card} site={site} saveShown={false} />)).not.toContain("/api/watchlist/");
  });

  it("a sold car's card has no Save", async () => {
    const sold = toVehicleCardData(testVehicle({ id: "car-1", status: "sold" }));
    expect(await renderAt("/search", <VehicleCard card={sold} site={site} />)).not.toContain("/api/watchlist/");
  });

  it("a page of cards shows one toast: the saved car's", async () => {
    const cards = ["car-1", "car-2", "car-3"].map((id) => toVehicleCardData(testVehicle({ id, slug: `slug-${id}`, name: `Car ${id}` })));
    const html = await renderAt(
      "/search?saved=car-2",
      <>
        {cards.map((c) => (
          <VehicleCard key={c.id} card={c} site={site} />
        ))}
        <ToastHost />
      </>,
    );
    expect(html.match(/data-testid="toast"/g)).toHaveLength(1);
    expect(html).toContain("Car car-2 is now available in your watchlist");
  });
});

describe("the page's toast host", () => {
  it("says a refusal sent back in the address, as an alert, once", async () => {
    const html = await renderAt("/search?watchlist_error=sold&sortBy=price:desc", <ToastHost />);
    expect(html).toMatch(/role="alert"[^>]*><div[^>]*data-testid="toast"/);
    expect(html).toContain("Watchlist not updated");
    expect(html).toContain("This car has been sold, so it can no longer be saved to your watchlist.");
    expect(html).toMatch(/href="\/search\?sortBy=price:desc" aria-label="Dismiss"/);
  });

  it("says nothing for a code it does not know (never the address's own words)", async () => {
    const html = await renderAt("/search?watchlist_error=%3Cb%3Ehello", <ToastHost />);
    expect(html).not.toContain('data-testid="toast"');
    expect(html).not.toContain("hello");
  });
});
