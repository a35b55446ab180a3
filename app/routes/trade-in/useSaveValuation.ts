import { useEffect, useRef } from "react";

/** What the accepted valuation's call sends: the valuation, its rego and the offer, as the server keeps them. */
export interface AcceptedValuation {
  valuationId: string;
  rego: string;
  regoState: string;
  offerPrice: number | null;
}

/**
 * Where the dealer keeps accepted valuations (features.saveValuation), the page the accepted offer ends on
 * sends the spec's call once: POST /api/miscellaneous with the valuation and column_name 'valuation'. The
 * server reads the figures from its own record; a failure is logged as the spec says. Null: nothing to send.
 */
export function useSaveValuation(valuation: AcceptedValuation | null) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!valuation || sent.current === valuation.valuationId) return;
    sent.current = valuation.valuationId;
    fetch("/api/miscellaneous", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        column_name: "valuation",
        id: valuation.valuationId,
        rego: valuation.rego,
        regoState: valuation.regoState,
        offer_price: valuation.offerPrice,
        offer_accepted: true,
        form_completed: true,
      }),
    })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      })
      .catch(() => console.error("Failed to save valuation data"));
  }, [valuation]);
}
