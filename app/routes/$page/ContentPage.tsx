/**
 * A dealer's content page (About Us, Privacy Policy, Service, Parts & Accessories, the group pages...):
 * the Markdown in tenants/<slug>/pages/<page>.md, rendered on the server with HTML switched off
 * (server/content/pages.ts), at its own address (route.tsx). Location blocks in the page
 * (`{{locations:service}}`) are the dealer's location cards, as on /locations.
 */
import { LeadForm } from "~/components/forms/LeadForm";
import { gridColumns } from "~/domain/locations";
import { LocationCard } from "~/routes/locations/LocationCard";
import type { LocationCardView } from "~/routes/locations/locationView.server";
import * as locationStyles from "~/routes/locations/locations.css";
import { button, container } from "~/styles/ui.css";
import type { ContentPageView } from "./content.server";
import * as styles from "./contentPage.css";

export function ContentPage({ view }: { view: ContentPageView }) {
  const { page, sections, form, bookingUrl, bookingFrameUrl, optInShown } = view;
  return (
    <div className={`${container} ${styles.page}`}>
      <article className={styles.article} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.title}>
          {page.title}
        </h1>
        {sections.map((section, i) =>
          section.kind === "text" ? (
            // Rendered from the dealer's Markdown with HTML disabled: nothing the dealer typed runs.
            <div key={i} className={styles.prose} dangerouslySetInnerHTML={{ __html: section.html }} />
          ) : (
            <LocationBlock key={i} heading={section.heading} cards={section.cards} />
          ),
        )}
      </article>
      {bookingUrl ? (
        <section className={styles.formCard} aria-labelledby="booking-title">
          <h2 id="booking-title" className={styles.formTitle}>
            Book a Service online
          </h2>
          <p>Choose a time that suits you on our manufacturer's service booking page.</p>
          <p>
            <a className={button.primary} href={bookingUrl} target="_blank" rel="noopener noreferrer">
              Book a Service online<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}
      {bookingFrameUrl ? (
        <section id="online-booking" className={styles.bookingCard} aria-labelledby="online-booking-title">
          <h2 id="online-booking-title" className={styles.formTitle}>
            Online service booking
          </h2>
          <p>Pick your service and a time that suits you, and you'll get a confirmation straight away.</p>
          <iframe
            className={styles.bookingFrame}
            src={bookingFrameUrl}
            title="Online service booking"
            loading="lazy"
            referrerPolicy="strict-origin"
          />
          <p>
            <a href={bookingFrameUrl} target="_blank" rel="noopener noreferrer">
              Open the booking page in a new tab<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}
      {form ? (
        <section id="page-form" className={styles.formCard} aria-labelledby="page-form-title">
          <h2 id="page-form-title" className={styles.formTitle}>
            {form.formTitle}
          </h2>
          <LeadForm
            form="enquiry"
            submitLabel={form.submit}
            anchor="page-form"
            optInShown={optInShown}
            message={{ label: form.message, required: true, placeholder: form.placeholder }}
            rules={form.rules}
            defaultValues={form.defaults}
          />
        </section>
      ) : null}
    </div>
  );
}

/** A location block: the cards in the grid's columns for their count (spec 001 section 2). */
function LocationBlock({ heading, cards }: { heading: string | null; cards: LocationCardView[] }) {
  const columns = gridColumns(cards.length);
  const gridClass = [
    locationStyles.grid[Math.min(columns.narrow, 3) as 1 | 2 | 3],
    columns.wide === 4 ? locationStyles.gridWide : "",
    cards.length < 3 ? locationStyles.gridFew : "",
    styles.locations,
  ]
    .filter(Boolean)
    .join(" ");
  const list = (
    <ul className={gridClass} aria-label={heading ? undefined : cards.length === 1 ? "Our location" : "Our locations"}>
      {cards.map((card) => (
        <li key={card.id}>
          <LocationCard location={card} headingLevel={heading ? 3 : 2} />
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <section className={styles.locationBlock} aria-label={heading}>
      <h2 className={styles.blockTitle}>{heading}</h2>
      {list}
    </section>
  );
}
