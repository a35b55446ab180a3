/**
 * The dealership and time of a test drive, inside the booking form (the forms kit's context). The
 * server renders a plain select of the next days' free times at the chosen dealership, with links to
 * the other dealerships' times, so booking works without JavaScript. Once the page is interactive the
 * picker (SlotPicker.tsx, its own chunk) takes the select's place: every bookable day, times fetched
 * from GET /api/test-drive-slots, and the dealership select refreshes them.
 */
import { useState, type ComponentProps } from "react";
import { useFormField } from "~/components/forms/Field";
import { useHydrated, useLazyModule } from "~/components/useHydrated";
import type { SlotDay } from "~/domain/testDriveSlots";
import type { TestDriveLocation } from "@server/testDrive/availability";
import { field, fieldError, label } from "~/styles/ui.css";
import * as styles from "./testDrive.css";

export const NO_PREFERENCE_LABEL = "No preference - call me to arrange a time";

export interface TestDriveTimesProps {
  locations: TestDriveLocation[];
  location: TestDriveLocation | null;
  days: SlotDay[];
  /** The page's query string without `location` (kept by the other dealerships' links). */
  search: string;
}

export function TestDriveTimes({ locations, location, days, search }: TestDriveTimesProps) {
  const hydrated = useHydrated();
  const locationField = useFormField("location");
  const [chosen, setChosen] = useState(String(locationField.defaultValue ?? "") || location?.slug || "");
  const Picker = useLazyModule(() => import("./SlotPicker").then((m) => m.SlotPicker), hydrated && Boolean(location));
  const current = locations.find((l) => l.slug === chosen) ?? location;
  const others = locations.filter((l) => l.slug !== location?.slug);

  return (
    <div className={styles.fields}>
      {locations.length > 1 ? (
        <div>
          <label htmlFor="test-drive-location" className={label}>
            Dealership
          </label>
          <select
            {...locationField.getInputProps<ComponentProps<"select">>({
              id: "test-drive-location",
              className: field,
              "aria-invalid": locationField.error ? true : undefined,
              "aria-describedby": locationField.error ? "test-drive-location-error" : undefined,
              onChange: (event) => setChosen(event.currentTarget.value),
            })}
            defaultValue={chosen}
          >
            {locations.map((l) => (
              <option key={l.slug} value={l.slug}>
                {l.name}
              </option>
            ))}
          </select>
          {locationField.error ? (
            <p id="test-drive-location-error" className={fieldError}>
              {locationField.error}
            </p>
          ) : null}
          {!Picker && others.length ? (
            <p className={styles.otherLocations} data-testid="other-location-times">
              Times below are for {location?.name}. Times at{" "}
              {others.map((l, i) => (
                <span key={l.slug}>
                  {i > 0 ? " " : null}
                  <a href={`?${withLocation(search, l.slug)}#test-drive-form`}>{l.name}</a>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      ) : location ? (
        <input type="hidden" name="location" value={location.slug} />
      ) : null}
      {Picker && current ? <Picker location={current} /> : <SlotSelect days={days} location={location} />}
    </div>
  );
}

function withLocation(search: string, slug: string): string {
  const params = new URLSearchParams(search);
  params.set("location", slug);
  return params.toString();
}

/** The plain select: the next days' free times, grouped by day. */
function SlotSelect({ days, location }: { days: SlotDay[]; location: TestDriveLocation | null }) {
  const { error, defaultValue, getInputProps } = useFormField("preferred_time");
  const kept = String(defaultValue ?? "");
  // A time kept from a refused booking may no longer be listed (someone took it): the shopper sees why.
  const listed = days.some((d) => d.slots.some((s) => s.value === kept));
  return (
    <div>
      <label htmlFor="test-drive-time" className={label}>
        Test drive time
      </label>
      <select
        {...getInputProps<ComponentProps<"select">>({
          id: "test-drive-time",
          className: field,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? "test-drive-time-error" : "test-drive-time-hint",
        })}
        defaultValue={listed ? kept : ""}
      >
        <option value="">{NO_PREFERENCE_LABEL}</option>
        {days.map((d) => (
          <optgroup key={d.date} label={d.label}>
            {d.slots.map((s) => (
              <option key={s.value} value={s.value}>
                {d.label}, {s.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? (
        <p id="test-drive-time-error" className={fieldError} role="alert">
          {error}
        </p>
      ) : (
        <p id="test-drive-time-hint" className={styles.zoneNote}>
          {days.length
            ? `Times are ${location?.city ?? "the dealership's"} local time. We'll call to confirm.`
            : "No times can be booked online in the next few days. Send your details and we'll call to arrange one."}
        </p>
      )}
    </div>
  );
}
