/**
 * The vehicle detail page (spec 000 section 2) in the spec's order: breadcrumbs; gallery; key
 * information; used-car checks; dealer comments; fuel and delivery calculators; all specifications;
 * finance calculator; finance call-to-action; price comparison; disclaimer; similar vehicles; sticky
 * footer. The sidebar sits beside the gallery on wide screens and under it on phones.
 */
import { useEffect, useState } from "react";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { useHydrated } from "~/components/useHydrated";
import { useFinancePopupClicks } from "~/components/finance/financePopupClicks";
import { readStored, writeStored } from "~/components/vehicle-card/localLists";
import { addViewedCar, readViewedCars } from "~/domain/searchHistory";
import { queryString } from "~/domain/searchLinks";
import { container } from "~/styles/ui.css";
import { reportVehicleView } from "~/utils/dealerTags";
import type { PhoneReveal } from "./CallDealer";
import { JsOnlyStyle } from "~/components/vehicle/JsOnly";
import { LeadForm } from "~/components/forms/LeadForm";
import type { VehiclePageData } from "~/domain/vehiclePage";
import * as styles from "~/components/vehicle/vehicle.css";

// The page's parts load their code after the page (~/components/lazyPart.tsx), keeping its first-load
// JavaScript within budget (DESIGN.md section 9): the server renders each whole, so they show and work
// as plain HTML at once, and each hydrates when its chunk arrives.
const Breadcrumbs = lazyPart(() => import("./PageSections").then((m) => m.Breadcrumbs), "Breadcrumbs", PendingPart);
const Gallery = lazyPart(() => import("./Gallery").then((m) => m.Gallery), "Gallery", PendingPart);
const Sidebar = lazyPart(() => import("./Sidebar").then((m) => m.Sidebar), "Sidebar", PendingPart);
const SoldPanel = lazyPart(() => import("./SoldPanel").then((m) => m.SoldPanel), "SoldPanel", PendingPart);
const MainColumn = lazyPart(() => import("./MainColumn").then((m) => m.MainColumn), "MainColumn", PendingPart);
const SimilarVehicles = lazyPart(() => import("./SimilarVehicles").then((m) => m.SimilarVehicles), "SimilarVehicles", PendingPart);
const StickyBars = lazyPart(() => import("./StickyBars").then((m) => m.StickyBars), "StickyBars", PendingPart);
const AnnouncementBar = lazyPart(() => import("./StickyBars").then((m) => m.AnnouncementBar), "AnnouncementBar", PendingPart);
const FinancePopupLauncher = lazyPart(
  () => import("~/components/finance/FinancePopupLauncher").then((m) => m.FinancePopupLauncher),
  "FinancePopupLauncher",
  () => null,
);
const PARTS = [Breadcrumbs, Gallery, Sidebar, SoldPanel, MainColumn, SimilarVehicles, StickyBars, FinancePopupLauncher];

/** True once every part's code is here (the page then calls itself interactive). */
function usePartsLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    void Promise.all(PARTS.map((part) => part.preload())).then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, []);
  return loaded;
}

export function VehiclePage({ data }: { data: VehiclePageData }) {
  const { car } = data;
  const hydrated = useHydrated();
  const partsLoaded = usePartsLoaded();
  // Listened for from the start: a tap on 'Get Finance' before the parts arrive still opens the popup.
  useFinancePopupClicks(data.actions.finance !== null);
  const [revealed, setRevealed] = useState(false);
  const reveal: PhoneReveal = {
    revealed,
    reveal() {
      if (revealed) return;
      setRevealed(true);
      // The buttons that call this are in the sidebar and the sticky bar, whose chunks bring CallDealer.
      void import("./CallDealer").then((m) => m.sendPhoneReveal(car.id, car.dealershipId));
    },
  };

  // Viewed cars are remembered in the browser per site (spec 000 section 3).
  useEffect(() => {
    const viewed = readViewedCars(readStored(data.siteSlug, "viewedCars"));
    writeStored(
      data.siteSlug,
      "viewedCars",
      addViewedCar(viewed, {
        id: car.id,
        stocknum: car.stocknum,
        make: car.make,
        model: car.model,
        body: car.body,
        simple_body: car.simpleBody,
      }),
    );
  }, [car.id, car.stocknum, car.make, car.model, car.body, car.simpleBody, data.siteSlug]);

  // The dealer's own tags hear of the car (GA4 view_item, Meta ViewContent); its stored view is counted by the server.
  useEffect(() => {
    reportVehicleView({
      id: car.id,
      name: car.title,
      make: car.make,
      model: car.model,
      year: car.year,
      body: car.bodyLabel,
      carType: car.car_type,
      itemType: car.item_type,
      certified: car.certified,
      price: car.sellingPrice,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per car shown
  }, [car.id]);

  const searchHref = data.searchPath + queryString(car.make ? [["make", car.make]] : []);

  return (
    <>
      <JsOnlyStyle />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data.jsonLd }} />
      {data.announcement ? <AnnouncementBar city={data.announcement.city} directions={data.announcement.directions} /> : null}
      {/* data-hydrated tells browser tests (and anyone debugging) when the page has hydrated ("page": its own
          listeners are on) and when its parts' code is here too ("true"). */}
      <div className={container} id="vehicle-top" data-hydrated={hydrated ? (partsLoaded ? "true" : "page") : "false"}>
        <div className={styles.page}>
          <div className={styles.crumbsArea}>
            <Breadcrumbs trail={data.breadcrumbs} current={car.title} />
          </div>
          <div className={styles.galleryArea}>
            <Gallery
              gallery={data.gallery}
              title={car.title}
              requestPhotos={
                data.gallery.requestPhotos ? (
                  <LeadForm
                    form="request-photos"
                    submitLabel="Request Photos"
                    prefilled={`Please send me photos of the ${car.title}${car.stocknum ? ` (stock ${car.stocknum})` : ""}.`}
                    message={{ label: "Anything you'd especially like to see? (optional)", required: false }}
                    optInShown={data.enquiry.optInShown}
                    anchor="gallery"
                  />
                ) : null
              }
            />
          </div>
          <div className={styles.sideArea}>
            <Sidebar data={data} reveal={reveal} soldPanel={<SoldPanel title={car.title} optInShown={data.enquiry.optInShown} />} />
          </div>
          <div className={styles.mainArea}>
            <MainColumn data={data} />
          </div>
        </div>
        <div className={styles.fullWidth}>
          <SimilarVehicles
            key={car.slug}
            slug={car.slug}
            site={data.cardSite}
            similarHref={data.similarSearchHref}
            searchHref={searchHref}
            make={car.make}
          />
        </div>
        <div className={styles.bottomBarSpace} />
      </div>
      <StickyBars data={data} reveal={reveal} />
      <FinancePopupLauncher enabled={data.actions.finance !== null} />
    </>
  );
}
