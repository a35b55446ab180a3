/**
 * What a shopper typed into a range's boxes before the range's own code was live (its part loads after
 * the page: ./FilterPanel.tsx). The boxes are the server's until then, and React can replace them with
 * new, empty ones when the part renders: it does when the page's state changes before the part's code
 * has come (React error 421, seen on a busy phone). Each box's latest text is kept here, by the name
 * the server gave it (`price_min`...), and the range picks it up when it starts (./RangeFilter.tsx).
 */

const typed = new Map<string, string>();

/** What an input event's target is read for: a field with a name, a value and attributes. */
type TypedField = { name?: unknown; value?: unknown; hasAttribute?: (name: string) => boolean };

/** Records a typed range box (an input event from a field the server marked as a range's box). */
export function recordTypedRangeBox(target: EventTarget | TypedField | null, marker: string): void {
  const field = target as TypedField | null;
  if (typeof field?.hasAttribute !== "function" || !field.hasAttribute(marker)) return;
  if (typeof field.name !== "string" || !field.name || typeof field.value !== "string") return;
  typed.set(field.name, field.value);
}

/** The text typed into a range's box (`price`, `min` → what was typed into `price_min`), taken once. */
export function takeTypedRangeBox(attribute: string, which: "min" | "max"): string | undefined {
  const name = `${attribute}_${which}`;
  const text = typed.get(name);
  typed.delete(name);
  return text;
}
