/** The used-car checks block: registration and its expiry, VIN, odometer, certification and the history report. */
import { HistoryReport } from "./Sidebar";
import type { VehiclePageCar } from "~/domain/vehiclePage";
import * as styles from "~/components/vehicle/vehicle.css";

export function UsedCarChecks({ car }: { car: VehiclePageCar }) {
  const odometer = car.iconRow.find((i) => i.kind === "km")?.text;
  const rows: { label: string; value: string }[] = [
    {
      label: "Registration",
      value: car.regplate
        ? `${car.regplate}${car.regoExpiry ? ` · ${car.regoExpiry}` : ""}`
        : (car.regoExpiry ?? "Ask us about registration"),
    },
    ...(car.vin ? [{ label: "VIN", value: car.vin }] : []),
    ...(odometer ? [{ label: "Odometer", value: odometer }] : []),
    { label: "Certified pre-owned", value: car.certified ? "Yes" : "No" },
    { label: "History report", value: car.historyReport ? "Available" : "Ask us for a report" },
  ];
  return (
    <section id="used-car-checks" className={styles.section} aria-labelledby="used-car-checks-title">
      <h2 id="used-car-checks-title" className={styles.sectionTitle}>
        Used Car Checks
      </h2>
      <table className={styles.specTable}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {car.historyReport ? (
        <p className={styles.actionsRow}>
          <HistoryReport href={car.historyReport} carId={car.id} />
        </p>
      ) : null}
    </section>
  );
}
