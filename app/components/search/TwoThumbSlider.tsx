/**
 * A two-thumb range slider built from two native range inputs over one track (keyboard and screen
 * readers work as for any slider). Its track and the stretch between the thumbs are drawn before
 * JavaScript starts (issue 26: no empty gap while the page loads), so nothing below it moves when it
 * starts; the thumbs themselves exist only with JavaScript, beside plain fields that work without.
 */
import * as styles from "./SearchPage.css";

type Thumb = "min" | "max";

export function TwoThumbSlider({
  bounds,
  step,
  thumbs,
  hydrated,
  label,
  valueText,
  onMove,
  idPrefix,
}: {
  bounds: { min: number; max: number };
  step: number;
  thumbs: { min: number; max: number };
  hydrated: boolean;
  /** 'price' reads 'Minimum price' / 'Maximum price'. */
  label: string;
  valueText: (value: number) => string;
  onMove: (thumb: Thumb, value: number) => void;
  idPrefix?: string;
}) {
  const span = bounds.max - bounds.min || 1;
  const left = ((thumbs.min - bounds.min) / span) * 100;
  const right = ((thumbs.max - bounds.min) / span) * 100;
  const thumb = (which: Thumb) => (
    <input
      type="range"
      id={idPrefix ? `${idPrefix}-${which}` : undefined}
      aria-label={`${which === "min" ? "Minimum" : "Maximum"} ${label}`}
      aria-valuetext={valueText(thumbs[which])}
      min={bounds.min}
      max={bounds.max}
      step={step}
      value={thumbs[which]}
      onChange={(event) => onMove(which, Number(event.target.value))}
      className={styles.sliderThumb}
    />
  );
  return (
    // The track and the chosen stretch are drawn from the first paint (plain CSS, placed by the server);
    // only the thumbs wait for JavaScript.
    <div className={styles.slider}>
      <div className={styles.sliderTrack} />
      <div className={styles.sliderFill} style={{ left: `${left}%`, width: `${Math.max(0, right - left)}%` }} />
      {hydrated ? (
        <>
          {thumb("min")}
          {thumb("max")}
        </>
      ) : null}
    </div>
  );
}
