/**
 * Leads reach the dealer: normalisation, duplicate suppression and storage (submitLead), the channels
 * (ADF/XML file, e-mail, CRM webhook) and the delivery worker. See docs/leads.md.
 */
export { submitLead, type LeadPlatform, type SubmittedLead } from "./submit";
export { LeadWorker, LEAD_WORKER_DEFAULTS, type LeadWorkerOptions, type DeliveryOutcome } from "./worker";
export { checkLeadDeliveryConfig, leadChannelsFor, webhookTarget, type ChannelName } from "./config";
export { routeLead, type LeadRoute } from "./routing";
export { normaliseLeadInput, normaliseText } from "./normalise";
export { buildAdf } from "./adf";
