/** The opening-hours table, Monday to Sunday (app/domain/openingHours.ts groups the rows). */
import type { OpeningHoursRow } from "~/domain/openingHours";
import * as styles from "./locations.css";

export function OpeningHoursTable({ rows, caption, compact = false }: { rows: OpeningHoursRow[]; caption: string; compact?: boolean }) {
  return (
    <table className={styles.hours}>
      <caption className={compact ? "visually-hidden" : undefined}>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.days}>
            <th scope="row" className={styles.hoursCell}>
              {row.days}
            </th>
            <td className={styles.hoursTime}>
              {row.hours}
              {row.special ? <span className={styles.special}>{row.special}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
