/**
 * Building blocks of the enquiry pages: the page frame (heading, explanation, form, the chosen car),
 * the group of a page's own fields and the notes beside the form. The fields themselves are the forms
 * kit's (app/components/forms).
 */
import type { ReactNode } from "react";
import type { EnquiryCar } from "@server/leads/enquiryPages";
import { formatMoney, formatNumber } from "~/domain/money";
import { container } from "~/styles/ui.css";
import * as styles from "./enquiry.css";
import { Photo } from "~/components/photo/Photo";

export function EnquiryLayout(props: {
  title: string;
  intro: ReactNode;
  car: EnquiryCar | null;
  formTitle: string;
  formId: string;
  children: ReactNode;
  /** Extra notes under the car (what happens next). */
  aside?: ReactNode;
}) {
  const { title, intro, car, formTitle, formId, children, aside } = props;
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{intro}</p>
      </header>
      <div className={styles.layout}>
        <section id={formId} className={styles.formCard} aria-labelledby={`${formId}-title`}>
          <h2 id={`${formId}-title`} className={styles.formTitle}>
            {formTitle}
          </h2>
          {children}
        </section>
        {car ? (
          <aside className={styles.carArea} aria-label="Your selected car">
            <CarSummary car={car} />
          </aside>
        ) : null}
        {aside ? <div className={styles.noteArea}>{aside}</div> : null}
      </div>
    </div>
  );
}

export function CarSummary({ car }: { car: EnquiryCar }) {
  return (
    <div className={styles.carCard} data-testid="enquiry-car">
      {car.image ? (
        <Photo
          source={car.image}
          layout="enquiryCar"
          alt={car.title}
          width={360}
          height={270}
          priority="eager"
          className={styles.carImage}
        />
      ) : (
        <div className={styles.carImage} aria-hidden="true" />
      )}
      <div className={styles.carBody}>
        <p className={styles.carLabel}>Your selected car</p>
        <p className={styles.carTitle}>
          <a href={car.href}>{car.title}</a>
        </p>
        <p className={styles.carPrice} data-testid="enquiry-car-price">
          {car.priceText}
          {car.wasPrice ? <span className={styles.was}>{formatMoney(car.wasPrice)}</span> : null}
        </p>
        <p className={styles.carMeta}>
          {[car.priceType, car.km > 0 ? `${formatNumber(car.km)} km` : "", car.stockNumber ? `Stock #${car.stockNumber}` : ""]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
    </div>
  );
}

export function ExtraFields({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.extraGrid}>
      <legend className={styles.extraLegend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return <div className={styles.note}>{children}</div>;
}
