/** The top of the finance journey: the title, the four-step header, and the car it is about. */
import { Photo } from "~/components/photo/Photo";
import * as styles from "./financeJourney.css";
import { JOURNEY_TABS, JOURNEY_TITLE, type JourneyCar, type JourneyStep } from "./journeyCopy";

export function JourneyHeader({
  mode,
  ids,
  step,
  car,
}: {
  mode: "page" | "popup";
  ids: string;
  step: JourneyStep;
  car: JourneyCar | null;
}) {
  const currentTab = step - 1;
  const heading =
    mode === "page" ? (
      <h1 className={styles.title} id={`${ids}-title`}>
        {JOURNEY_TITLE}
      </h1>
    ) : (
      <h2 className={`${styles.title} ${styles.withClose}`} id="finance-journey-title">
        {JOURNEY_TITLE}
      </h2>
    );

  return (
    <>
      {heading}
      <ol className={styles.tabs} aria-label="Finance steps">
        {JOURNEY_TABS.map((tab, i) => (
          <li
            key={tab}
            className={styles.tab}
            aria-current={i === currentTab ? "step" : undefined}
            data-state={i < currentTab ? "done" : i === currentTab ? "current" : "next"}
          >
            {tab}
          </li>
        ))}
      </ol>
      {car ? (
        <div className={styles.car} data-testid="journey-car">
          {car.image ? (
            <Photo source={car.image} layout="thumb" sizes="88px" alt="" width={88} height={66} className={styles.carImage} />
          ) : (
            <span />
          )}
          <div>
            <p className={styles.carTitle}>{car.title}</p>
            <p className={styles.carPrice}>{car.priceText}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}
