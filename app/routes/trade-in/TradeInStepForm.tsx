/**
 * The valuation's step forms (the rego, the car by hand, its condition and the shopper's details). Their
 * code and the forms kit load with the form, not with the page (lazyForm): the server renders the whole
 * form and it works as plain HTML, one step per post, until (or without) its script.
 */
import { lazyForm } from "~/components/forms/lazyForm";
import type { CaptchaQuestion } from "~/components/forms/leadFormFields";
import type { ModelSuggestion } from "@server/tradeIn/catalogueLists";
import type { AdjustmentChoices } from "./tradeInSteps";

export interface TradeInStepFormProps {
  step: "rego" | "vehicle" | "adjustments";
  valuationId: string | null;
  defaults: Record<string, string>;
  choices: AdjustmentChoices;
  lists: { makes: readonly string[]; models: ModelSuggestion[]; years: number[] } | null;
  optInShown: boolean;
  /** Step 1 carries these into the start lead (lead_attributes). */
  from: string;
  linked: string;
  /** Step 1's captcha question for a shopper without JavaScript (the widget replaces it); null where the dealer's captcha is off. */
  captchaQuestion: CaptchaQuestion | null;
}

export const TradeInStepForm = lazyForm<TradeInStepFormProps>(
  () => import("./TradeInStepFormImpl").then((m) => m.TradeInStepFormImpl),
  "TradeInStepForm",
);
