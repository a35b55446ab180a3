/**
 * The finance journey on its page, loaded with its own code (the field rules and zod), not with the
 * page (components/forms/lazyForm.tsx): the server renders the whole journey, so it works before its
 * script arrives and without JavaScript.
 */
import { lazyForm } from "~/components/forms/lazyForm";
import type { FinanceJourneyProps } from "./FinanceJourneyImpl";
// The journey's styles load with the page, so the server's forms are styled before the script arrives.
import "./financeJourney.css";

export type { FinanceJourneyProps } from "./FinanceJourneyImpl";

export const FinanceJourney = lazyForm<FinanceJourneyProps>(
  () => import("./FinanceJourneyImpl").then((m) => m.FinanceJourneyImpl),
  "FinanceJourney",
);
