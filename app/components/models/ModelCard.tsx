import { Link } from "~/components/Link";
import type { CatalogueModel } from "~/domain/modelCatalogue";
import { button } from "~/styles/ui.css";
import * as styles from "./ModelCard.css";
import { Photo } from "~/components/photo/Photo";

/** A model card (spec 001 section 2): its picture, its name and Discover, which opens the dealer's cars of that model. */
export function ModelCard({ model, headingLevel = 3 }: { model: CatalogueModel; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card} data-model={model.slug}>
      {model.image ? <Photo source={model.image} layout="tile" alt="" width={320} height={180} className={styles.image} /> : null}
      <p className={styles.make}>{model.make}</p>
      <Heading className={styles.name}>{model.name}</Heading>
      <p className={styles.count}>{model.count === 1 ? "1 car in stock" : `${model.count} cars in stock`}</p>
      <Link to={model.href} className={`${button.primary} ${styles.discover}`} aria-label={`Discover the ${model.make} ${model.name}`}>
        Discover
      </Link>
    </article>
  );
}
