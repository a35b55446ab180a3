/**
 * The finance journey itself (spec 001 sections 2 and 4): the title, the four-step header, then the
 * form split in two at the name field: step 1 (steps/QuickEstimate.tsx) and step 2 (steps/YourDetails.tsx).
 * What the shopper has chosen and typed is one reducer (journeyState.ts); this component holds it, makes
 * the calls and tells the reducer how they went.
 *
 * The server renders plain forms, so every step works without JavaScript: step 1 is a GET form to
 * /personalised/finance (the quote worked out by the server), step 2 a POST to the same route whose
 * action sends the code and finishes. With JavaScript the same forms stay on the page: the quote box
 * asks POST /api/youx/quote 500 ms after a change (useQuote.ts), and the steps call the route's action
 * and the broker's API directly (journeyCalls.ts); 'Get A Personalised Quote' runs the final step
 * (journey.ts finishJourney) and the browser goes on to the broker's address.
 */
import { useEffect, useId, useMemo, useReducer, useRef } from "react";
import { useHydrated } from "~/components/useHydrated";
import { UNKNOWN_ERROR } from "~/domain/finance/financeForm";
import * as styles from "./financeJourney.css";
import { finishJourney, isWebAddress, journeyQuery, NOTHING_DONE, quoteQuestion, requestCode, type FinishProgress } from "./journey";
import { browserCalls, browserVisitedPages } from "./journeyCalls";
import type { JourneyAnswer, JourneyData } from "./journeyCopy";
import { finalStepMove, isVerified, journeyReducer, startingState } from "./journeyState";
import { JourneyHeader } from "./JourneyHeader";
import { QuickEstimate } from "./steps/QuickEstimate";
import { YourDetails } from "./steps/YourDetails";
import { useQuote } from "./useQuote";

export interface FinanceJourneyProps {
  data: JourneyData;
  mode: "page" | "popup";
  /** The route action's answer to the last post (the page without JavaScript). */
  answer?: JourneyAnswer | null;
  /** The pages the shopper came through, as the server saw them (the Referer); the browser adds its own. */
  visitedPages?: string[];
  /** The popup's close button. */
  onClose?: () => void;
}

export function FinanceJourneyImpl({ data, mode, answer, visitedPages = [], onClose }: FinanceJourneyProps) {
  const { car, vehicle, options } = data;
  const hydrated = useHydrated();
  const ids = useId();
  const [state, dispatch] = useReducer(journeyReducer, null, () => startingState(data, answer));
  const { step, values, details, status } = state;
  const progress = useRef<FinishProgress>(NOTHING_DONE);
  const firstDetail = useRef<HTMLInputElement>(null);

  const question = useMemo(() => quoteQuestion(values, vehicle), [values, vehicle]);
  const quote = useQuote(question, data.quote, hydrated);
  const verified = isVerified(state, data.verifiedPhone);

  // Moving between the steps puts the shopper at the start of the new one.
  useEffect(() => {
    if (!state.moved) return;
    if (step === 2) firstDetail.current?.focus();
  }, [step, state.moved]);

  const step1Query = journeyQuery(values, car, vehicle);
  const linkedQuery = useMemo(() => {
    const merged = new URLSearchParams(data.linkedQuery);
    if (hydrated && mode === "popup")
      for (const [k, v] of new URLSearchParams(window.location.search)) if (!merged.has(k)) merged.set(k, v);
    return merged.toString();
  }, [data.linkedQuery, hydrated, mode]);
  const pages = useMemo(() => (hydrated ? browserVisitedPages(visitedPages) : visitedPages), [hydrated, visitedPages]);

  const calls = useMemo(
    () => browserCalls({ query: step1Query, linkedQuery, pages, details, values, data }),
    [step1Query, linkedQuery, pages, details, values, data],
  );

  const sendCode = async () => {
    dispatch({ type: "codeSending" });
    const refused = await requestCode(details, calls);
    dispatch({ type: "codeAnswered", errors: refused });
    return !refused;
  };

  const finish = async () => {
    const move = finalStepMove(state, options, data.verifiedPhone);
    if (typeof move === "object") return dispatch({ type: "errorsFound", errors: move.errors });
    // Before any code was sent, the final button sends one; the shopper types it and sends again.
    if (move === "sendCode") {
      await sendCode();
      return;
    }
    dispatch({ type: "finishing", verified });
    try {
      // The route checks the details (the postcode against the bundled list) and the code, or that the
      // mobile is the signed-in shopper's, before anything is created.
      const outcome = await finishJourney(calls, details, progress.current, true);
      progress.current = outcome.progress;
      if ("redirectUrl" in outcome && isWebAddress(outcome.redirectUrl)) {
        dispatch({ type: "leaving", verified: outcome.progress.verified });
        window.location.assign(outcome.redirectUrl);
        return;
      }
      const errors = "redirectUrl" in outcome ? { form: UNKNOWN_ERROR } : outcome.errors;
      dispatch({ type: "finishFailed", errors, verified: outcome.progress.verified });
    } catch (error) {
      console.error(error);
      dispatch({ type: "finishFailed", errors: { form: UNKNOWN_ERROR }, verified: false });
    }
  };

  return (
    <div className={styles.journey} data-step={step} data-status={status} data-interactive={hydrated ? "" : undefined}>
      <JourneyHeader mode={mode} ids={ids} step={step} car={car} />
      {step === 1 ? (
        <QuickEstimate
          state={state}
          dispatch={dispatch}
          data={data}
          hydrated={hydrated}
          ids={ids}
          visitedPages={visitedPages}
          quote={quote}
        />
      ) : (
        <YourDetails
          state={state}
          dispatch={dispatch}
          data={data}
          hydrated={hydrated}
          ids={ids}
          visitedPages={visitedPages}
          pages={pages}
          linkedQuery={linkedQuery}
          verified={verified}
          firstDetail={firstDetail}
          onSendCode={sendCode}
          onFinish={finish}
        />
      )}
      {mode === "popup" && onClose ? (
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          ×
        </button>
      ) : null}
    </div>
  );
}
