/**
 * /book-test-drive/: the car a button pointed at, the dealership and the real times it can offer, and
 * the booking's action. The action is the lead forms' pipeline (server/leads/formAction.ts: guard,
 * honeypot, validation with values kept, abuse limits, lead, analytics, /success) with one step more:
 * the chosen time is claimed in test_drive_bookings before the lead is stored, so two shoppers asking
 * for the same time at once cannot both have it; the second sees the form again, everything typed kept.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { leadFormId } from "~/components/forms/leadFormNames";
import { testDriveSchema } from "~/components/forms/leadSchemas";
import { slotLabel, TEST_DRIVE_SELECT_DAYS } from "~/domain/testDriveSlots";
import { trackEvent } from "@server/analytics.server";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { carFromQuery, carLine, enquiryCar, enquiryEvent, enquirySite, successPath } from "@server/leads/enquiryPages";
import {
  HONEYPOT_FIELD,
  LEAD_NOT_STORED_MESSAGE,
  leadAllowanceSpent,
  leadAttributesOf,
  readFormBody,
  refuseFields,
  refuseForm,
  successWithLead,
  TOO_MANY_LEADS_MESSAGE,
  typedValues,
  UNREADABLE_FORM_MESSAGE,
  withEnquiryExtras,
} from "@server/leads/formAction";
import { checkLeadCaptcha, QUESTION_ANSWER_FIELD } from "@server/captcha";
import { clientAddressOf } from "@server/http/loadContext";
import { additionalServices } from "~/domain/enquiryRules";
import { enquiryLeadFor } from "@server/leads/formLeads";
import { submitLead } from "@server/leads/submit";
import { log } from "@server/log";
import { attachLead, claimSlot, releaseSlot } from "@server/testDrive/bookings";
import {
  bookableLocations,
  chooseLocation,
  freeSlotDays,
  judgeSlot,
  locationTimeZone,
  testDriveLocation,
} from "@server/testDrive/availability";
import { SLUG_PATTERN } from "~/domain/slug";

const FORM_ID = leadFormId("test-drive");

/** Shown beside the time when another shopper booked it first. */
export const SLOT_TAKEN_MESSAGE = "Sorry, that time has just been booked. Please choose another time.";
/** Shown beside the time when it is no longer offered (closed, too soon, past the booking window). */
export const SLOT_UNAVAILABLE_MESSAGE = "That time is no longer available. Please choose another time.";
export const LOCATION_MESSAGE = "Please choose one of our dealerships.";

const locationParam = z.string().trim().max(100).regex(SLUG_PATTERN).optional().catch(undefined);

/** The form as the server judges it: the shared test drive schema and the dealership. */
const bookingValidator = (now: Date) =>
  withZod(testDriveSchema(now).extend({ location: z.string().trim().max(100).optional().default("") }));

export async function testDriveLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, vehicle } = await carFromQuery(args);
  const asked = locationParam.parse(new URL(args.request.url).searchParams.get("location") ?? undefined);
  const location = chooseLocation(tenant, asked, vehicle);
  const now = new Date();
  const days = location ? await freeSlotDays(platform.db, tenant, location, now, { days: TEST_DRIVE_SELECT_DAYS }) : [];
  return data(
    {
      ...enquirySite(tenant),
      car: vehicle ? enquiryCar(tenant, vehicle) : null,
      locations: bookableLocations(tenant).map((l) => testDriveLocation(tenant, l)),
      location: location ? testDriveLocation(tenant, location) : null,
      days: days.filter((d) => d.slots.length > 0),
    },
    { headers: { "Cache-Control": PRIVATE_NO_CACHE } },
  );
}

export async function testDriveAction(args: ActionFunctionArgs) {
  const { platform, tenant, vehicle } = await carFromQuery(args);
  const { request, context } = args;
  const success = successPath(vehicle);

  const data = await readFormBody(request);
  if (!data) return refuseForm(FORM_ID, UNREADABLE_FORM_MESSAGE, {}, { status: 400 });
  if (String(data.get("intent") ?? "") !== "test-drive")
    return refuseForm(FORM_ID, "Please use the form on this page.", {}, { status: 400 });
  // Bots get the same answer as people, so they learn nothing; nothing is stored or booked.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(successWithLead(success, randomUUID()));

  const now = new Date();
  const typed = typedValues(data);
  const address = clientAddressOf(context);
  const [result, captcha] = await Promise.all([
    bookingValidator(now).validate(data),
    checkLeadCaptcha(platform, tenant, data, { remoteIp: address === "unknown" ? undefined : address }),
  ]);
  if (result.error || !captcha.passed) {
    // As every lead form: the fields and the captcha's question answered in one go.
    const errors = { ...(result.error?.fieldErrors ?? {}), ...(captcha.passed ? {} : { [QUESTION_ANSWER_FIELD]: captcha.message }) };
    return refuseFields(FORM_ID, errors, captcha.passed ? typed : { ...typed, [QUESTION_ANSWER_FIELD]: "" }, captcha.question);
  }
  const question = captcha.question;
  // A refusal of the dealership or the time, with the captcha's question kept answered.
  const refuseField = (field: string, message: string, status: number) =>
    refuseFields(FORM_ID, { [field]: message }, typed, question, { status });
  const values = tenant.features.enquiryOptInShown ? result.data : { ...result.data, opt_in: true };

  const location = chooseLocation(tenant, values.location || undefined, vehicle);
  if (values.location && location?.slug !== values.location) return refuseField("location", LOCATION_MESSAGE, 400);

  // The time is judged before the allowance is spent, so a refused time costs the shopper nothing.
  let slot: { value: string; start: string } | null = null;
  if (values.preferred_time) {
    if (!location) return refuseField("preferred_time", SLOT_UNAVAILABLE_MESSAGE, 409);
    const judged = await judgeSlot(platform.db, tenant, location, values.preferred_time, now);
    if (judged.status !== "free") {
      return refuseField("preferred_time", judged.status === "taken" ? SLOT_TAKEN_MESSAGE : SLOT_UNAVAILABLE_MESSAGE, 409);
    }
    slot = judged.slot;
  }

  const retryAfter = await leadAllowanceSpent({ limits: platform, tenant: tenant.slug, context, contact: values });
  if (retryAfter !== null) {
    return refuseForm(FORM_ID, TOO_MANY_LEADS_MESSAGE, typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }

  // The claim: of two shoppers who both passed the check above, the database lets one have the time.
  let bookingId: string | null = null;
  if (slot && location) {
    bookingId = await claimSlot(platform.db, {
      tenant: tenant.slug,
      locationId: location.id,
      start: new Date(slot.start),
      carId: vehicle?.id ?? null,
    });
    if (!bookingId) return refuseField("preferred_time", SLOT_TAKEN_MESSAGE, 409);
  }

  const path = new URL(request.url).pathname;
  const where = location ? [`Dealership: ${location.name}`] : [];
  const when = slot && location ? [`Test drive booked: ${slotLabel(slot.value)} (${locationTimeZone(tenant, location)} time)`] : [];
  const lead = withEnquiryExtras(
    enquiryLeadFor("test-drive", tenant, vehicle, values, path, [...carLine(vehicle), ...where, ...when]),
    values,
    undefined,
    {
      attributes: leadAttributesOf(request, data),
      services: additionalServices(data.entries()),
    },
  );
  lead.payload = {
    ...lead.payload,
    ...(location ? { location_id: location.id, location_slug: location.slug } : {}),
    ...(slot ? { test_drive_slot: slot.value, test_drive_start: slot.start, test_drive_booking_id: bookingId } : {}),
  };
  let duplicate = false;
  let leadId: string;
  try {
    const stored = await submitLead(platform, tenant, lead);
    duplicate = stored.duplicate;
    leadId = stored.lead.id;
    if (bookingId) await attachLead(platform.db, tenant.slug, bookingId, stored.lead.id);
  } catch (error) {
    log.error("lead not stored", { tenant: tenant.slug, form: "test-drive", path, error: String(error) });
    if (bookingId) await releaseSlot(platform.db, tenant.slug, bookingId).catch(() => undefined);
    return refuseForm(FORM_ID, LEAD_NOT_STORED_MESSAGE, typed, { status: 500 });
  }
  if (!duplicate) {
    const event = enquiryEvent(request, "test-drive", "test-drive", vehicle);
    await trackEvent(platform.db, tenant.slug, event.id, {
      path: event.path,
      payload: { ...event.payload, ...(slot ? { slot: slot.value } : {}) },
    });
  }
  return redirect(successWithLead(success, leadId));
}
