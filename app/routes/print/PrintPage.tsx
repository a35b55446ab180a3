/** The printable page for a car (/print?car_id={slug}): everything a shopper would take to the dealer, laid out for paper. */
import { salePriceText } from "~/domain/priceDisplay";
import { formatMoney } from "~/domain/money";
import { button } from "~/styles/ui.css";
import { jsOnly, JsOnlyStyle } from "~/components/vehicle/JsOnly";
import type { VehiclePageCar } from "~/domain/vehiclePage";
import * as styles from "./PrintPage.css";
import { Photo } from "~/components/photo/Photo";

export interface PrintData {
  car: VehiclePageCar;
  images: string[];
  dealer: { name: string; location: string; address: string; phone: string; email: string; licence: string };
  url: string;
  printedOn: string;
  financeNote: string | null;
}

export function PrintPage({ data }: { data: PrintData }) {
  const { car, dealer } = data;
  const [hero, ...rest] = data.images;
  return (
    <>
      {/* Paper margins: not expressible as a class, so a page rule for this page only. Both style
          elements sit outside the article, each its parent's first child, as HTML allows in the body. */}
      <style>{"@page { size: A4; margin: 12mm; }"}</style>
      <JsOnlyStyle />
      <article className={styles.sheet}>
        <p className={`${styles.toolbar} ${jsOnly}`} data-print-hide>
          <button type="button" className={button.primary} onClick={() => window.print()}>
            Print this page
          </button>
        </p>
        <header className={styles.head}>
          <div>
            <p className={styles.dealerName}>{dealer.name}</p>
            <p style={{ margin: 0 }}>{dealer.location}</p>
          </div>
          <div style={{ textAlign: "right" }}>
            <p style={{ margin: 0, fontWeight: 700 }}>{dealer.phone}</p>
            <p style={{ margin: 0 }}>{dealer.email}</p>
          </div>
        </header>
        <h1 className={styles.title}>{car.title}</h1>
        <p className={styles.subtitle}>
          {[car.condition, ...car.iconRow.map((i) => i.text), car.stocknum ? `Stock ${car.stocknum}` : ""].filter(Boolean).join(" · ")}
        </p>
        {hero ? (
          <Photo source={hero} layout="print" alt={car.title} width={1200} height={800} priority="eager" className={styles.hero} />
        ) : null}
        {rest.length ? (
          <div className={styles.photos}>
            {rest.map((src) => (
              <Photo key={src} source={src} layout="printThumb" alt="" width={400} height={267} priority="eager" className={styles.thumb} />
            ))}
          </div>
        ) : null}
        <p className={styles.price}>
          {car.available ? car.price.text : "Sold"}{" "}
          {car.available && car.price.amount !== null && car.price.priceType ? (
            <span style={{ fontSize: "16px", fontWeight: 600, color: "inherit" }}>{car.price.priceType}</span>
          ) : null}
        </p>
        {car.available && car.price.wasPrice !== null ? <p style={{ margin: 0 }}>Was {formatMoney(car.price.wasPrice)}</p> : null}
        {car.available && car.price.salePrice ? <p style={{ margin: 0 }}>{salePriceText(car.price.salePrice)}</p> : null}
        {data.financeNote ? <p style={{ margin: "4px 0 0" }}>{data.financeNote}</p> : null}

        <section className={styles.block}>
          <h2 className={styles.blockTitle}>Key Information</h2>
          <dl className={styles.columns}>
            {car.keyInfo.map((i) => (
              <div key={i.label} style={{ display: "flex", justifyContent: "space-between", gap: "12px", borderBottom: "1px dotted #ccc" }}>
                <dt>{i.label}</dt>
                <dd style={{ margin: 0, fontWeight: 700, textAlign: "right" }}>{i.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {car.features.length ? (
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>Features</h2>
            <ul className={styles.features}>
              {car.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {car.comments.kind !== "pending" ? (
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>Dealer Comments</h2>
            {car.comments.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ) : null}
        {car.specs.length ? (
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>Specifications</h2>
            <dl className={styles.columns}>
              {car.specs
                .flatMap((g) => g.items)
                .filter((i, n, all) => all.findIndex((x) => x.label === i.label) === n)
                .map((i) => (
                  <div
                    key={i.label}
                    style={{ display: "flex", justifyContent: "space-between", gap: "12px", borderBottom: "1px dotted #ccc" }}
                  >
                    <dt>{i.label}</dt>
                    <dd style={{ margin: 0, fontWeight: 700, textAlign: "right" }}>{i.value}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ) : null}
        <footer className={styles.footer}>
          <p style={{ margin: 0 }}>
            {dealer.location} · {dealer.address} · {dealer.phone}
          </p>
          <p style={{ margin: "4px 0 0" }}>
            {dealer.licence ? `Dealer Licence ${dealer.licence} · ` : ""}
            {data.url} · Printed {data.printedOn}. Price and availability may change; please confirm with us.
          </p>
        </footer>
      </article>
    </>
  );
}
