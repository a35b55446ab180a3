/**
 * The CRM webhook: the lead (and a summary of its car) as JSON, POSTed to the dealer's CRM, signed
 * with `X-Signature: sha256=<hex HMAC-SHA256 of the exact body>` and carrying `Idempotency-Key: <lead
 * id>`, so a CRM that receives the same lead twice (after a timeout or a crash) can keep one. Any answer
 * other than 2xx is a failure, and its status is what the dealer sees as the last error. One try through
 * the outbound helper (server/http/outbound.ts): the lead worker retries with its own back-off.
 */
import type { Vehicle } from "~/domain/vehicle";
import { sellingPrice } from "~/domain/priceDisplay";
import { vehicleTitle } from "~/domain/vehicle";
import type { StoredLead } from "../../db/leads";
import { OutboundError, outboundFetch } from "../../http/outbound";
import type { TenantConfig } from "../../tenants/schema";
import { webhookTarget } from "../config";
import { SIGNATURE_HEADER, signBody } from "../signature";
import type { DeliveryContext, LeadChannel } from "./types";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface CarSummary {
  id: string;
  slug: string;
  title: string;
  stock_number: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  badge: string;
  car_type: string;
  status: string;
  price: number;
  km: number;
  url: string | null;
}

export function carSummary(tenant: TenantConfig, v: Vehicle): CarSummary {
  const domain = tenant.domains[0];
  return {
    id: v.id,
    slug: v.slug,
    title: vehicleTitle(v),
    stock_number: v.stocknum,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    badge: v.badge,
    car_type: v.car_type,
    status: v.status,
    price: sellingPrice(v),
    km: v.km,
    url: domain ? `https://${domain}/cars/${encodeURIComponent(v.slug)}` : null,
  };
}

/** The JSON document the CRM receives. */
export interface WebhookPayload {
  event: "lead.created";
  lead: StoredLead;
  dealer: { slug: string; name: string };
  dealership: { id: string; slug: string; name: string } | null;
  /** The lead's kind in the dealer's words, the department's desk it was routed to, and that desk's location. */
  routing: { kind: string; label: string; department: string | null; location: { id: string; slug: string; name: string } | null };
  car: CarSummary | null;
}

export function webhookPayload({
  lead,
  vehicle,
  tenant,
  route,
}: Pick<DeliveryContext, "lead" | "vehicle" | "tenant" | "route">): WebhookPayload {
  const { dealership } = route;
  return {
    event: "lead.created",
    lead,
    dealer: { slug: tenant.slug, name: tenant.name },
    dealership: dealership ? { id: dealership.id, slug: dealership.slug, name: dealership.name } : null,
    routing: {
      kind: route.kind,
      label: route.label,
      department: route.department,
      location: route.location ? { id: route.location.id, slug: route.location.slug, name: route.location.name } : null,
    },
    car: vehicle ? carSummary(tenant, vehicle) : null,
  };
}

/** Posts one body; throws with "HTTP <status>" (and the start of the CRM's answer) on anything but 2xx. */
export async function postToCrm(
  target: { url: string; secret: string | null },
  body: string,
  leadId: string,
  signal: AbortSignal,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<void> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Idempotency-Key": leadId,
    "User-Agent": "dealer-sites-lead-delivery/1",
  };
  if (target.secret) headers[SIGNATURE_HEADER] = signBody(target.secret, body);
  let response: Response;
  try {
    response = await outboundFetch({
      provider: "CRM webhook",
      url: target.url,
      method: "POST",
      headers,
      body,
      timeoutMs,
      // A redirect would send the signed lead somewhere nobody configured: it counts as a failure.
      redirect: "manual",
      signal,
    });
  } catch (error) {
    const reason =
      error instanceof OutboundError
        ? error.failure === "timeout"
          ? `no answer within ${timeoutMs / 1000} s`
          : error.detail
        : String(error);
    throw new Error(`CRM webhook unreachable: ${reason}`);
  }
  const answer = await response.text().catch(() => "");
  if (response.status < 200 || response.status > 299) {
    const snippet = answer.replace(/\s+/g, " ").trim().slice(0, 200);
    throw new Error(`CRM webhook answered HTTP ${response.status}${snippet ? `: ${snippet}` : ""}`);
  }
}

export const webhookChannel: LeadChannel = {
  async deliver(context) {
    const target = webhookTarget(context.env, context.tenant);
    if (!target) throw new Error("no CRM webhook is configured for this dealer any more");
    const body = JSON.stringify(webhookPayload(context));
    await postToCrm(target, body, context.lead.id, context.signal);
  },
};
