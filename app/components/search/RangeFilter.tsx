/**
 * A price, kilometre or year range. Without JavaScript: two number boxes the GET form sends as
 * {attribute}_min / {attribute}_max. With JavaScript: a two-thumb slider (two range inputs over one
 * track) plus the boxes, following the slider rules (~/domain/rangeSlider), stored as 'min:max' in one
 * hidden field and sent 400 ms after the shopper stops moving it.
 */
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { formatMoney, formatNumber } from "~/domain/money";
import { refineRange, thumbPositions } from "~/domain/rangeSlider";
import { formatRange } from "~/domain/searchLinks";
import type { NumericRange } from "~/domain/search";
import type { RangeControl } from "./types";
import * as styles from "./SearchPage.css";

export const SLIDER_DEBOUNCE_MS = 400;

function formatValue(attribute: RangeControl["attribute"], n: number): string {
  if (attribute === "price") return formatMoney(n);
  if (attribute === "km") return `${formatNumber(n)} km`;
  return String(n);
}

const toNumber = (text: string): number | undefined => {
  const n = Number(text.replace(/[$,\s]/g, ""));
  return text.trim() === "" || !Number.isFinite(n) ? undefined : n;
};

export function RangeFilter({ control, hydrated, onCommit }: { control: RangeControl; hydrated: boolean; onCommit: () => void }) {
  const { attribute, label, bounds, step } = control;
  const [range, setRange] = useState<NumericRange>(control.value);
  const [typed, setTyped] = useState({ min: control.value.min?.toString() ?? "", max: control.value.max?.toString() ?? "" });
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const id = `range-${attribute}`;

  // The URL is the truth: a new search (a chip removed, 'Clear Filters') resets the slider.
  useEffect(() => {
    setRange(control.value);
    setTyped({ min: control.value.min?.toString() ?? "", max: control.value.max?.toString() ?? "" });
  }, [control.value.min, control.value.max]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const apply = (wanted: NumericRange, moved: "min" | "max") => {
    const refined = refineRange(attribute, bounds, wanted, moved);
    setRange(refined);
    setTyped({ min: refined.min?.toString() ?? "", max: refined.max?.toString() ?? "" });
    onCommit();
  };

  if (!hydrated) {
    return (
      <fieldset className={styles.rangeFieldset}>
        <legend className={styles.facetTitle}>{label}</legend>
        <div className={styles.rangeBoxes}>
          <label className={styles.rangeBox}>
            <span>Min</span>
            <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
            <input
              type="number"
              inputMode="numeric"
              step="any"
              name={`${attribute}_min`}
              defaultValue={control.value.min ?? ""}
              placeholder={String(bounds.min)}
              className={styles.rangeInput}
            />
          </label>
          <label className={styles.rangeBox}>
            <span>Max</span>
            <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
            <input
              type="number"
              inputMode="numeric"
              step="any"
              name={`${attribute}_max`}
              defaultValue={control.value.max ?? ""}
              placeholder={String(bounds.max)}
              className={styles.rangeInput}
            />
          </label>
        </div>
      </fieldset>
    );
  }

  const thumbs = thumbPositions(bounds, range);
  const span = bounds.max - bounds.min || 1;
  const left = ((thumbs.min - bounds.min) / span) * 100;
  const right = ((thumbs.max - bounds.min) / span) * 100;
  const onThumb = (which: "min" | "max") => (event: ChangeEvent<HTMLInputElement>) => {
    const value = Number(event.target.value);
    apply(which === "min" ? { min: value, max: range.max } : { min: range.min, max: value }, which);
  };
  const onTyped = (which: "min" | "max") => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...typed, [which]: event.target.value };
    setTyped(next);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => apply({ min: toNumber(next.min), max: toNumber(next.max) }, which), SLIDER_DEBOUNCE_MS);
  };

  return (
    <fieldset className={styles.rangeFieldset}>
      <legend className={styles.facetTitle}>{label}</legend>
      <input type="hidden" name={attribute} value={formatRange(range)} data-range="" />
      <p className={styles.rangeReadout} aria-hidden="true">
        {formatValue(attribute, thumbs.min)} – {formatValue(attribute, thumbs.max)}
        {thumbs.max === bounds.max ? "+" : ""}
      </p>
      <div className={styles.slider}>
        <div className={styles.sliderTrack} />
        <div className={styles.sliderFill} style={{ left: `${left}%`, width: `${Math.max(0, right - left)}%` }} />
        <input
          type="range"
          id={`${id}-min`}
          aria-label={`Minimum ${label.toLowerCase()}`}
          aria-valuetext={formatValue(attribute, thumbs.min)}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={thumbs.min}
          onChange={onThumb("min")}
          className={styles.sliderThumb}
        />
        <input
          type="range"
          id={`${id}-max`}
          aria-label={`Maximum ${label.toLowerCase()}`}
          aria-valuetext={formatValue(attribute, thumbs.max)}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={thumbs.max}
          onChange={onThumb("max")}
          className={styles.sliderThumb}
        />
      </div>
      <div className={styles.rangeBoxes}>
        <label className={styles.rangeBox}>
          <span>Min</span>
          <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
          <input type="number" inputMode="numeric" step="any" value={typed.min} placeholder={String(bounds.min)} onChange={onTyped("min")} className={styles.rangeInput} />
        </label>
        <label className={styles.rangeBox}>
          <span>Max</span>
          <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
          <input type="number" inputMode="numeric" step="any" value={typed.max} placeholder={String(bounds.max)} onChange={onTyped("max")} className={styles.rangeInput} />
        </label>
      </div>
    </fieldset>
  );
}
