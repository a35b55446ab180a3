/**
 * The one way the trade-in adapters talk to a provider, through the outbound helper
 * (server/http/outbound.ts): a JSON POST with the key as a bearer token, a time limit on every try,
 * and one more try after a network failure, a time-out, 429 or 5xx (both calls only read, so asking
 * twice changes nothing). A 404 is "not known", never an error. Failures become TradeInProviderError
 * naming the path and status or cause, never the key.
 */
import { outboundJson } from "../http/outbound";
import { TradeInProviderError } from "./port";

export interface ProviderOptions {
  /** The provider's base address (paths are appended to it). */
  url: string;
  /** Sent as `Authorization: Bearer`, to `url` only. */
  apiKey: string;
  /** Per try. */
  timeoutMs: number;
  /** Further tries after a failure worth repeating. Default 1. */
  retries?: number;
  /** The pause before a retry. Default 200 ms (jittered). */
  backoffMs?: number;
  /** Who is asking, for the error messages ('Rego lookup', 'Valuation'). */
  service: string;
}

/** POSTs `body` to `path`; the parsed JSON answer, or null for a 404. */
export async function postToProvider(options: ProviderOptions, path: string, body: unknown): Promise<unknown> {
  try {
    return await outboundJson({
      provider: `${options.service} ${path}`,
      url: `${options.url.replace(/\/+$/, "")}${path}`,
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiKey}` },
      json: body,
      timeoutMs: options.timeoutMs,
      retries: options.retries ?? 1,
      backoffMs: options.backoffMs ?? 200,
      nothingOn: [404],
    });
  } catch (error) {
    throw new TradeInProviderError(error instanceof Error ? error.message : `${options.service} ${path}: ${String(error)}`);
  }
}
