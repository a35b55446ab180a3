/** The quick estimate's quote box figures: asked of POST /api/youx/quote 500 ms after a change. */
import { useEffect, useRef, useState } from "react";
import { QUOTE_DEBOUNCE_MS, QUOTE_FAILED } from "~/domain/finance/financeForm";
import { quoteFromBody, quoteKey, type QuoteQuestion } from "./journey";
import type { QuoteFigures } from "./journeyCopy";

/** The quote for the current inputs: asked again 500 ms after a change, loading meanwhile, cleared on failure. */
export function useQuote(question: QuoteQuestion, initial: QuoteFigures | null, live: boolean) {
  const key = quoteKey(question);
  const [state, setState] = useState<{ figures: QuoteFigures | null; loading: boolean }>({ figures: initial, loading: false });
  const answered = useRef(key);
  const latest = useRef(question);
  latest.current = question;

  useEffect(() => {
    if (!live || key === answered.current) return;
    setState((s) => ({ ...s, loading: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch("/api/youx/quote", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(latest.current),
          signal: controller.signal,
        });
        const body: unknown = await response.json().catch(() => null);
        const figures = response.ok ? quoteFromBody(body) : null;
        if (!figures) throw new Error((body as { error?: string } | null)?.error ?? `status ${response.status}`);
        answered.current = key;
        setState({ figures, loading: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        answered.current = key;
        console.error(QUOTE_FAILED, error);
        setState({ figures: null, loading: false });
      }
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, live]);
  return state;
}
