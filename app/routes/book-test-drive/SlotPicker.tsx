/**
 * The test drive time picker (loaded after the page, in its own chunk): a row of the bookable days and
 * the free times of the chosen one as radio buttons named `preferred_time`, so the form sends exactly
 * what the plain select would. Times come from GET /api/test-drive-slots for the chosen dealership;
 * if they cannot be fetched the shopper can still send the form without a time and be called.
 */
import { useEffect, useState } from "react";
import { useFormField } from "~/components/forms/Field";
import type { SlotDay } from "~/domain/testDriveSlots";
import type { TestDriveLocation } from "@server/testDrive/availability";
import { fieldError } from "~/styles/ui.css";
import * as styles from "./testDrive.css";
import { NO_PREFERENCE_LABEL } from "./TestDriveTimes";

type Loaded = { slug: string; days: SlotDay[] } | { slug: string; failed: true };

export function SlotPicker({ location }: { location: TestDriveLocation }) {
  const { error, defaultValue } = useFormField("preferred_time");
  const [value, setValue] = useState(String(defaultValue ?? ""));
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [date, setDate] = useState(value.slice(0, 10));

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/test-drive-slots?${new URLSearchParams({ location: location.slug, days: "14" })}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ days: SlotDay[] }>) : Promise.reject(new Error(String(r.status)))))
      .then((body) => setLoaded({ slug: location.slug, days: body.days }))
      .catch((e) => {
        if (!controller.signal.aborted) {
          console.warn("Test drive times unavailable", e);
          setLoaded({ slug: location.slug, failed: true });
        }
      });
    return () => controller.abort();
  }, [location.slug]);

  const ready = loaded && loaded.slug === location.slug ? loaded : null;
  const days = ready && "days" in ready ? ready.days : [];
  const open = days.filter((d) => d.slots.length > 0);
  const shown = open.find((d) => d.date === date) ?? open[0];
  const listed = days.some((d) => d.slots.some((s) => s.value === value));

  return (
    <div className={styles.picker} data-testid="slot-picker">
      <p className={styles.pickerLabel} id="slot-picker-label">
        Test drive time at {location.name}
      </p>
      {!ready ? (
        <p className={styles.status} aria-live="polite">
          Finding free times...
        </p>
      ) : "failed" in ready ? (
        <p className={styles.status} role="alert">
          We couldn't load the free times just now. Send your details and we'll call to arrange a time.
        </p>
      ) : !open.length ? (
        <p className={styles.status}>
          No times can be booked online in the next two weeks. Send your details and we'll call to arrange one.
        </p>
      ) : (
        <>
          <div className={styles.days} role="group" aria-label="Day">
            {days.map((d) => (
              <button
                key={d.date}
                type="button"
                className={styles.day}
                aria-pressed={shown?.date === d.date}
                disabled={!d.slots.length}
                onClick={() => setDate(d.date)}
              >
                {d.label}
                <span className={styles.dayCount}>{d.slots.length ? `${d.slots.length} times` : "Closed"}</span>
              </button>
            ))}
          </div>
          {/* Every day's times are in the form (others hidden), so a time chosen on another day is still sent. */}
          {open.map((d) => (
            <fieldset
              key={d.date}
              hidden={d.date !== shown?.date}
              className={styles.times}
              aria-label={`Times on ${d.label}`}
              aria-describedby={error ? "slot-picker-error" : undefined}
            >
              {d.slots.map((s) => (
                <label key={s.value} className={styles.time}>
                  <input
                    type="radio"
                    name="preferred_time"
                    value={s.value}
                    checked={value === s.value}
                    onChange={() => setValue(s.value)}
                  />
                  <span className={styles.timeFace}>{s.label}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </>
      )}
      <label className={styles.noPreference}>
        <input type="radio" name="preferred_time" value="" checked={!listed} onChange={() => setValue("")} />
        <span>{NO_PREFERENCE_LABEL}</span>
      </label>
      {error ? (
        <p id="slot-picker-error" className={fieldError} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.zoneNote}>Times are {location.city} local time. We'll call to confirm.</p>
      )}
    </div>
  );
}
