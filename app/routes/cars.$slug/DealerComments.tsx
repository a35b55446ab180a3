/** Dealer comments, collapsed at 400 characters with more/less (spec 000 section 4). */
import type { DealerCommentsView } from "~/domain/dealerComments";
import { ShowMore } from "./ShowMore";
import * as styles from "~/components/vehicle/vehicle.css";

export function DealerComments({ comments }: { comments: DealerCommentsView }) {
  return (
    <section id="dealer-comments" className={styles.section} aria-labelledby="dealer-comments-title">
      <h2 id="dealer-comments-title" className={styles.sectionTitle}>
        Dealer Comments
      </h2>
      {comments.kind === "pending" ? (
        <p className={styles.muted}>{comments.text}</p>
      ) : comments.kind === "full" ? (
        comments.paragraphs.map((p, i) => <p key={i}>{p}</p>)
      ) : (
        <>
          <p data-testid="comments-preview">
            {comments.preview}
            <span aria-hidden="true">…</span>
          </p>
          <ShowMore closedLabel="Read more" openLabel="Read less">
            {comments.rest.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </ShowMore>
        </>
      )}
    </section>
  );
}
