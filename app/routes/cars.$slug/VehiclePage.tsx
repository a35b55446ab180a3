/**
 * The vehicle detail page (spec 000 section 2) in the spec's order: breadcrumbs; gallery; key
 * information; used-car checks; dealer comments; fuel and delivery calculators; all specifications;
 * finance calculator; finance call-to-action; price comparison; disclaimer; similar vehicles; sticky
 * footer. The sidebar sits beside the gallery on wide screens and under it on phones.
 */
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/useHydrated";
import { readStored, writeStored } from "~/components/vehicle-card/localLists";
import { addViewedCar, readViewedCars } from "~/domain/searchHistory";
import { queryString } from "~/domain/searchLinks";
import { container } from "~/styles/ui.css";
import { sendPhoneReveal, type PhoneReveal } from "./CallDealer";
import { DealerComments } from "./DealerComments";
import { DeliveryCalculator } from "./DeliveryCalculator";
import { FinanceCallToAction, FinanceCalculatorSlot } from "./FinanceSection";
import { FinancePopupLauncher } from "~/components/finance/FinancePopupLauncher";
import { FuelCalculator } from "./FuelCalculator";
import { Gallery } from "./Gallery";
import { JsOnlyStyle } from "~/components/vehicle/JsOnly";
import { KeyInformation } from "./KeyInformation";
import { LeadForm } from "~/components/forms/LeadForm";
import { Breadcrumbs, Disclaimer, EnquirySection, FeaturesBanner, LocationSection } from "./PageSections";
import type { VehiclePageData } from "~/domain/vehiclePage";
import { PriceComparison } from "./PriceComparison";
import { Sidebar } from "./Sidebar";
import { SimilarVehicles } from "./SimilarVehicles";
import { SoldPanel } from "./SoldPanel";
import { Specifications } from "./Specifications";
import { AnnouncementBar, StickyBars } from "./StickyBars";
import { UsedCarChecks } from "./UsedCarChecks";
import * as styles from "~/components/vehicle/vehicle.css";

export function VehiclePage({ data }: { data: VehiclePageData }) {
  const { car } = data;
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(false);
  const reveal: PhoneReveal = {
    revealed,
    reveal() {
      if (revealed) return;
      setRevealed(true);
      sendPhoneReveal(car.id, car.dealershipId);
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

  const searchHref = data.searchPath + queryString(car.make ? [["make", car.make]] : []);
  const showFuel = car.fuel !== null;

  return (
    <>
      <JsOnlyStyle />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data.jsonLd }} />
      {data.announcement ? <AnnouncementBar city={data.announcement.city} directions={data.announcement.directions} /> : null}
      {/* data-hydrated tells browser tests (and anyone debugging) when the page has become interactive. */}
      <div className={container} id="vehicle-top" data-hydrated={hydrated ? "true" : "false"}>
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
            <KeyInformation items={car.keyInfo} features={car.features} />
            {car.car_type === "used" ? <UsedCarChecks car={car} /> : null}
            <DealerComments comments={car.comments} />
            {showFuel || data.delivery.offered ? (
              <div className={styles.calculators}>
                {showFuel && car.fuel ? <FuelCalculator carId={car.id} defaults={car.fuel} /> : null}
                {data.delivery.offered ? <DeliveryCalculator carId={car.id} initial={data.delivery.outcome} /> : null}
              </div>
            ) : null}
            <Specifications groups={car.specs} />
            <FinanceCalculatorSlot estimate={data.finance.estimate} actions={data.actions} />
            {car.available ? <FinanceCallToAction actions={data.actions} /> : null}
            <PriceComparison slug={car.slug} initial={data.priceComparison} />
            {car.location ? <LocationSection location={car.location} /> : null}
            {car.available ? (
              <EnquirySection
                car={car}
                label={data.actions.enquireLabel}
                messageRequired={data.enquiry.messageRequired}
                optInShown={data.enquiry.optInShown}
              />
            ) : null}
            <FeaturesBanner links={data.features} />
            <Disclaimer financeDisclaimer={data.finance.disclaimer} />
          </div>
        </div>
        <div className={styles.fullWidth}>
          <SimilarVehicles slug={car.slug} initial={data.similar} site={data.cardSite} searchHref={searchHref} make={car.make} />
        </div>
        <div className={styles.bottomBarSpace} />
      </div>
      <StickyBars data={data} reveal={reveal} />
      <FinancePopupLauncher enabled={data.actions.finance !== null} />
    </>
  );
}
