/**
 * One lead form (the vehicle page's enquiry, 'Find Me Something Similar' and Request Photos, and the
 * enquiry pages): contact fields (first name, last name, email, phone, postcode), an optional or
 * required message, the opt-in box, a hidden prefilled message and the honeypot; the dealer's enquiry
 * rules where the page passes them (category, dealership, location or department selects, Rego); the
 * captcha where the dealer has it on (a widget loaded when the shopper starts on the form, else the
 * server's question); this visit's pages and the link's query for the lead's `lead_attributes`. A plain
 * POST to the page's action, so it works without JavaScript; the answer is the /success page, or this
 * form again with the problems marked and what was typed kept. With script, the same schema checks it first.
 *
 * The form's code (LeadFormImpl.tsx and the form library) loads with the form, not with the page
 * (lazyForm.tsx): the page's HTML always has the whole form, working before its script arrives.
 */
import type { ReactNode } from "react";
import type { EnquiryFormRules } from "~/domain/enquiryRules";
import type { CaptchaQuestion } from "./leadFormFields";
import type { LeadFormName } from "./leadFormNames";
import { lazyForm } from "./lazyForm";
// The form's layout styles load with the page, like the fields' (see lazyForm.tsx).
import "~/components/vehicle/vehicle.css";

export interface LeadFormProps {
  form: LeadFormName;
  submitLabel: string;
  /** Sent with the lead but not typed by the shopper. */
  prefilled?: string;
  message: { label: string; required: boolean; placeholder?: string; defaultValue?: string } | null;
  optInShown: boolean;
  /** Where the page returns to after a refused submission without JavaScript. */
  anchor: string;
  compact?: boolean;
  /** Starting values of the form's own fields (the finance amount and term). */
  defaultValues?: Record<string, string>;
  /** Form-specific fields shown before the contact details (finance amount, the shopper's car...). */
  intro?: ReactNode;
  /** The dealer's enquiry rules for this form (server/leads/formAction.ts enquiryFormRules); the action judges the same. */
  rules?: EnquiryFormRules;
  /** The postcode is required (the finance form where the dealer asks for it). */
  postcodeRequired?: boolean;
  /** The page of this site the shopper came from, as the page's loader saw it (its Referer): sent for lead_attributes without JavaScript. */
  cameFrom?: string | null;
  /** The server's captcha question, rendered up front for a shopper without JavaScript (server/captcha fallbackQuestionFor). */
  captchaQuestion?: CaptchaQuestion | null;
  children?: ReactNode;
}

export const LeadForm = lazyForm<LeadFormProps>(() => import("./LeadFormImpl").then((m) => m.LeadFormImpl), "LeadForm");
