/**
 * A price, kilometre or year range. Without JavaScript: two number boxes the GET form sends as
 * {attribute}_min / {attribute}_max. With JavaScript: a two-thumb slider (two range inputs over one
 * track) plus the boxes, following the slider rules (~/domain/rangeSlider), stored as 'min:max' in one
 * hidden field and sent 400 ms after the shopper stops moving it.
 */
import { useEffect, useRef, useState } from "react";
import { formatMoney, formatNumber } from "~/domain/money";
import { refineRange, thumbPositions } from "~/domain/rangeSlider";
import { formatRange } from "~/domain/searchLinks";
import type { NumericRange } from "~/domain/search";
import type { RangeControl } from "~/domain/searchPage";
import { TwoThumbSlider } from "~/components/search/TwoThumbSlider";
import * as styles from "~/components/search/SearchPage.css";
import { RANGE_BOX, SLIDER_DEBOUNCE_MS } from "./FilterPanel";
import { useBrowserLayoutEffect } from "~/components/useBrowserLayoutEffect";

function formatValue(attribute: RangeControl["attribute"], n: number): string {
  if (attribute === "price") return formatMoney(n);
  if (attribute === "km") return `${formatNumber(n)} km`;
  return String(n);
}

const toNumber = (text: string): number | undefined => {
  const n = Number(text.replace(/[$,\s]/g, ""));
  return text.trim() === "" || !Number.isFinite(n) ? undefined : n;
};

/** What the two boxes show for a range (empty for an open end). */
const boxText = (range: NumericRange) => ({ min: range.min?.toString() ?? "", max: range.max?.toString() ?? "" });

export function RangeFilter({ control, hydrated, onCommit }: { control: RangeControl; hydrated: boolean; onCommit: () => void }) {
  const { attribute, label, bounds, step } = control;
  const [range, setRange] = useState<NumericRange>(control.value);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const minBox = useRef<HTMLInputElement>(null);
  const maxBox = useRef<HTMLInputElement>(null);
  // The field the form sends ('min:max') once the page is interactive. Like the boxes, it is written only
  // by this code, never by a render: the search goes out from a timer, and on a busy phone React can still commit
  // a render it made before the range just set (a controlled field then went back to the earlier range just
  // as the search read it: the maximum typed went unsearched). The server renders it without a name, so
  // without JavaScript the form sends the boxes instead.
  const sentField = useRef<HTMLInputElement>(null);
  useBrowserLayoutEffect(() => {
    // The range the page opened with, written as React commits the page, before any event can send it.
    if (sentField.current) sentField.current.value = formatRange(control.value);
  }, []); // once: after that, only this code writes it
  const id = `range-${attribute}`;

  // The boxes are the same elements before and after JavaScript starts, and what is in them is theirs:
  // React never writes their value from a render (they are uncontrolled), so nothing typed while this
  // part's code was arriving, or while a render of it was under way, can be wiped by a render. This code
  // reads them when it needs them and writes them only from its own events and effects.
  const inBoxes = () => ({ min: minBox.current?.value ?? "", max: maxBox.current?.value ?? "" });
  const showInBoxes = (shown: NumericRange) => {
    const text = boxText(shown);
    if (minBox.current && minBox.current.value !== text.min) minBox.current.value = text.min;
    if (maxBox.current && maxBox.current.value !== text.max) maxBox.current.value = text.max;
  };

  // Ranges this slider sent, newest last: a search result for an older one can arrive after the shopper
  // has moved on, and must not put the slider back.
  const sent = useRef<string[]>([]);

  const apply = (wanted: NumericRange, moved: "min" | "max") => {
    const refined = refineRange(attribute, bounds, wanted, moved);
    const field = formatRange(refined);
    sent.current = [...sent.current.slice(-9), field];
    setRange(refined);
    showInBoxes(refined);
    if (sentField.current) sentField.current.value = field;
    onCommit();
  };
  const applyBoxes = (moved: "min" | "max") => {
    const now = inBoxes();
    apply({ min: toNumber(now.min), max: toNumber(now.max) }, moved);
  };

  // Whatever the shopper typed while the page was loading is sent once the typing pause is over, as the
  // boxes read then (a box typed meanwhile counts too).
  useEffect(() => {
    const early = inBoxes();
    const fromUrl = boxText(control.value);
    if (early.min !== fromUrl.min || early.max !== fromUrl.max) {
      typingTimer.current = setTimeout(() => applyBoxes("max"), SLIDER_DEBOUNCE_MS);
    }
    return () => clearTimeout(typingTimer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page becomes interactive
  }, []);

  // The URL is the truth: a new search (a chip removed, 'Clear Filters') resets the slider. The result of
  // a range this slider sent, the newest or an earlier one, is not a new search.
  // The bounds, not the range object (new on every render), say whether the search changed.
  // Only a change of the URL's range counts: on the first render the boxes already show it, and resetting
  // them then would wipe what the shopper typed while the page was loading (picked up just above).
  const { min: urlMin, max: urlMax } = control.value;
  const rangeInUrl = useRef(formatRange(control.value));
  useEffect(() => {
    const fromUrl: NumericRange = { min: urlMin, max: urlMax };
    const text = formatRange(fromUrl);
    if (text === rangeInUrl.current) return;
    rangeInUrl.current = text;
    if (sent.current.includes(text)) {
      // The answer to a range this slider sent: the boxes show it already, or what the shopper has typed
      // since (a maximum typed while the minimum's search was on its way is theirs to keep, and is sent
      // when their typing pause ends).
      if (text === sent.current[sent.current.length - 1]) sent.current = [];
      return;
    }
    sent.current = [];
    setRange(fromUrl);
    showInBoxes(fromUrl);
    if (sentField.current) sentField.current.value = text;
  }, [urlMin, urlMax]);

  const thumbs = thumbPositions(bounds, range);
  const onTyped = (which: "min" | "max") => () => {
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => applyBoxes(which), SLIDER_DEBOUNCE_MS);
  };
  // Without JavaScript the boxes are plain named fields of the GET form (their value also what the URL
  // says); with it they feed the slider, whose hidden field the form sends. Typing into them before this
  // part's code runs does not search at once (the page leaves fields marked as a range's to the range):
  // the part picks it up when it starts, so one search carries both boxes.
  const box = (which: "min" | "max") =>
    hydrated
      ? { onChange: onTyped(which) }
      : { name: `${attribute}_${which}`, defaultValue: control.value[which] ?? "", onChange: onTyped(which), [RANGE_BOX]: "" };

  return (
    <fieldset className={styles.rangeFieldset}>
      <legend className={styles.facetTitle}>{label}</legend>
      {/* No value from React: on a hidden field React writes its default value back on every render. */}
      <input ref={sentField} type="hidden" name={hydrated ? attribute : undefined} />
      <p className={styles.rangeReadout} aria-hidden="true">
        {formatValue(attribute, thumbs.min)} – {formatValue(attribute, thumbs.max)}
        {thumbs.max === bounds.max ? "+" : ""}
      </p>
      <TwoThumbSlider
        bounds={bounds}
        step={step}
        thumbs={thumbs}
        hydrated={hydrated}
        label={label.toLowerCase()}
        valueText={(value) => formatValue(attribute, value)}
        onMove={(which, value) => apply(which === "min" ? { min: value, max: range.max } : { min: range.min, max: value }, which)}
        idPrefix={id}
      />
      <div className={styles.rangeBoxes}>
        <label className={styles.rangeBox}>
          <span>Min</span>
          <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
          <input
            ref={minBox}
            type="number"
            inputMode="numeric"
            step="any"
            placeholder={String(bounds.min)}
            className={styles.rangeInput}
            {...box("min")}
          />
        </label>
        <label className={styles.rangeBox}>
          <span>Max</span>
          <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
          <input
            ref={maxBox}
            type="number"
            inputMode="numeric"
            step="any"
            placeholder={String(bounds.max)}
            className={styles.rangeInput}
            {...box("max")}
          />
        </label>
      </div>
    </fieldset>
  );
}
