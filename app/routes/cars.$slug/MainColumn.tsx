/**
 * The vehicle page's main column under the gallery, in the spec's order (spec 000 section 2): key
 * information; used-car checks; dealer comments; fuel and delivery calculators; all specifications;
 * finance calculator; finance call-to-action; price comparison; location; enquiry; features; disclaimer.
 * The page loads its code after the page (VehiclePage.tsx); the server renders it whole.
 */
import type { VehiclePageData } from "~/domain/vehiclePage";
import * as styles from "~/components/vehicle/vehicle.css";
import { DealerComments } from "./DealerComments";
import { DeliveryCalculator } from "./DeliveryCalculator";
import { FinanceCallToAction, FinanceCalculatorSlot } from "./FinanceSection";
import { FuelCalculator } from "./FuelCalculator";
import { KeyInformation } from "./KeyInformation";
import { Disclaimer, EnquirySection, FeaturesBanner, LocationSection } from "./PageSections";
import { PriceComparison } from "./PriceComparison";
import { Specifications } from "./Specifications";
import { UsedCarChecks } from "./UsedCarChecks";

export function MainColumn({ data }: { data: VehiclePageData }) {
  const { car } = data;
  const showFuel = car.fuel !== null;
  return (
    <>
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
    </>
  );
}
