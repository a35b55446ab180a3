/** All specifications, grouped as a spec sheet. */
import type { SpecGroup } from "~/domain/keyInformation";
import * as styles from "~/components/vehicle/vehicle.css";

export function Specifications({ groups }: { groups: SpecGroup[] }) {
  if (!groups.length) return null;
  return (
    <section id="specifications" className={styles.section} aria-labelledby="specifications-title">
      <h2 id="specifications-title" className={styles.sectionTitle}>
        All Specifications
      </h2>
      <div className={styles.specColumns}>
        {groups.map((g) => (
          <div key={g.title} className={styles.specGroup}>
            <h3 style={{ fontSize: "16px", margin: "8px 0 4px" }}>{g.title}</h3>
            <table className={styles.specTable}>
              <tbody>
                {g.items.map((i) => (
                  <tr key={i.label}>
                    <th scope="row">{i.label}</th>
                    <td>{i.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
