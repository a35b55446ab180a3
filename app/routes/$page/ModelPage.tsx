/**
 * A model's landing page at /{modelSlug} (spec 001 section 2: an offer's model link): the model's
 * picture and body type, the dealer's current offers for it, its cars in stock, and an enquiry form that
 * stores a lead like the other enquiry forms (route.tsx decides which page an address is).
 */
import { LeadForm } from "~/components/forms/LeadForm";
import { Link } from "~/components/Link";
import { OfferCard } from "~/components/offers/OfferCard";
import * as offerStyles from "~/components/offers/offers.css";
import { Photo } from "~/components/photo/Photo";
import { VehicleCard } from "~/components/vehicle-card/VehicleCard";
import { button, container } from "~/styles/ui.css";
import type { ModelPageView } from "./model.server";
import * as styles from "./model.css";

export function ModelPage({ view }: { view: ModelPageView }) {
  const { model, offers, stock, site, testDrivePath, form } = view;
  const noun = stock.count === 1 ? "car" : "cars";
  return (
    <div className={container}>
      <section className={styles.hero} aria-labelledby="model-title">
        <div className={styles.heroText}>
          {model.make ? <p className={styles.make}>{model.make}</p> : null}
          <h1 id="model-title" className={styles.title}>
            {model.title}
          </h1>
          {model.bodyLabel ? (
            <p className={styles.body}>
              Body type: <strong>{model.bodyLabel}</strong>
            </p>
          ) : null}
          <p className={styles.count}>
            {stock.count ? `${stock.count} ${noun} in stock` : "None in stock right now: ask us about ordering one."}
          </p>
          <p className={styles.actions}>
            <a href="#model-enquiry" className={button.primary}>
              Enquire Now
            </a>
            <Link to={testDrivePath} className={button.outline}>
              Book a Test Drive
            </Link>
          </p>
        </div>
        {model.image ? (
          <Photo
            source={model.image}
            layout="detail"
            alt={`The ${model.title}`}
            width={960}
            height={540}
            priority="eager"
            className={styles.image}
          />
        ) : null}
      </section>

      {offers.length ? (
        <section className={styles.section} aria-labelledby="model-offers">
          <h2 id="model-offers" className={styles.sectionTitle}>
            Current {model.name} offers
          </h2>
          <ul className={offerStyles.grid}>
            {offers.map((offer) => (
              <li key={offer.id} style={{ display: "flex" }}>
                <OfferCard offer={offer} testDrivePath={testDrivePath} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="model-stock">
        <h2 id="model-stock" className={styles.sectionTitle}>
          {model.name} in stock
        </h2>
        {stock.cars.length ? (
          <>
            <ul className={styles.grid}>
              {stock.cars.map((card) => (
                <li key={card.id}>
                  <VehicleCard card={card} site={site} headingLevel={3} />
                </li>
              ))}
            </ul>
            <p className={styles.more}>
              <Link to={stock.href} className={button.outline}>
                View all {stock.count} {model.name} {noun}
              </Link>
            </p>
          </>
        ) : (
          <p>
            We have no {model.name} in stock right now. Send us an enquiry and we'll let you know what's coming in or order one for you.
          </p>
        )}
      </section>

      <section id="model-enquiry" className={styles.formCard} aria-labelledby="model-enquiry-title">
        <h2 id="model-enquiry-title" className={styles.sectionTitle}>
          Enquire about the {model.title}
        </h2>
        <LeadForm
          form="enquiry"
          submitLabel="Send Enquiry"
          anchor="model-enquiry"
          optInShown={form.optInShown}
          message={{
            label: "Comments",
            required: form.messageRequired,
            placeholder: `What would you like to know about the ${model.name}?`,
          }}
          rules={form.rules}
        />
      </section>
    </div>
  );
}
