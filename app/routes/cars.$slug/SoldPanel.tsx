/**
 * A car that is no longer available (spec 000 sections 2 and 4): the SOLD panel with its text and the
 * 'Find Me Something Similar' enquiry. The anchor is #similar, where the vehicle card's sold button
 * points.
 */
import { LeadForm } from "~/components/forms/LeadForm";
import { SOLD_TEXT } from "~/domain/vehiclePage";
import * as styles from "./Sidebar.css";

export function SoldPanel({ title, optInShown }: { title: string; optInShown: boolean }) {
  return (
    <section id="similar" className={styles.sold} aria-labelledby="sold-title">
      <h2 id="sold-title" className={styles.soldLabel}>
        SOLD
      </h2>
      <p className={styles.soldText}>{SOLD_TEXT}</p>
      <LeadForm
        form="similar"
        submitLabel="Find Me Something Similar"
        prefilled={`I'm interested in a car similar to the ${title}.`}
        message={{ label: "What are you looking for?", required: false, placeholder: "Budget, features, colour..." }}
        optInShown={optInShown}
        anchor="similar"
        compact
      />
    </section>
  );
}
