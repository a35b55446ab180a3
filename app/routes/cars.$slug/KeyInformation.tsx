/** Key information grid ('Show More' after 4) and the feature list ('Show All' after 8). */
import { FEATURES_SHOWN, KEY_INFO_SHOWN, splitShown, type InfoItem } from "~/domain/keyInformation";
import { ShowMore } from "./ShowMore";
import * as styles from "~/components/vehicle/vehicle.css";

function InfoList({ items }: { items: InfoItem[] }) {
  return (
    <dl className={styles.infoGrid}>
      {items.map((i) => (
        <div key={i.label}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function KeyInformation({ items, features }: { items: InfoItem[]; features: string[] }) {
  const info = splitShown(items, KEY_INFO_SHOWN);
  const feats = splitShown(features, FEATURES_SHOWN);
  return (
    <section id="key-information" className={styles.section} aria-labelledby="key-information-title">
      <h2 id="key-information-title" className={styles.sectionTitle}>
        Key Information
      </h2>
      <InfoList items={info.shown} />
      {info.more.length ? (
        <ShowMore closedLabel="Show More" openLabel="Show Less">
          <InfoList items={info.more} />
        </ShowMore>
      ) : null}
      {features.length ? (
        <>
          <h3 style={{ margin: "20px 0 8px", fontSize: "17px" }}>Features</h3>
          <ul className={styles.featureList} data-testid="features">
            {feats.shown.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {feats.more.length ? (
            <ShowMore closedLabel={`Show All (${features.length})`} openLabel="Hide">
              <ul className={styles.featureList}>
                {feats.more.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </ShowMore>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
