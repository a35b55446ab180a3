/**
 * The one way the server calls a provider over HTTP: YouX, the trade-in providers, the geocoder,
 * Cloudflare Turnstile, the market-price service, a dealer's CRM webhook and a dealer's stock feed.
 *
 * - A time limit on every try (`timeoutMs`), and the caller's own signal (a shutdown, a whole-pull limit).
 * - Bounded retries (`retries`, none unless asked) after a network failure, a time-out, 429 or 5xx, with
 *   pauses growing from `backoffMs` and jittered (p-retry). A 429's or 503's Retry-After is waited for
 *   when it is at most `maxRetryAfterMs`; asked to wait longer, the answer is given back as it is.
 *   Whether a call may be repeated is the caller's to say: never for one that creates something at the
 *   provider (a YouX customer), nor for one someone else repeats (the lead worker's CRM deliveries).
 * - JSON in (`json`) and out (`outboundJson`).
 * - Failures are OutboundError naming the provider and the status or the cause (ECONNREFUSED...),
 *   never the request's headers (its Authorization), body or address, which may carry a secret.
 */
import { setTimeout as pause } from "node:timers/promises";
import pRetry, { AbortError } from "p-retry";
import { log } from "../log";

/** Why no usable answer came. */
export type OutboundFailure = "timeout" | "network" | "aborted" | "status" | "not-json";

export class OutboundError extends Error {
  constructor(
    /** Who was called, as the messages name it ("YouX /quote", "Geocoder"). */
    readonly provider: string,
    readonly failure: OutboundFailure,
    /** What went wrong, without the provider: "HTTP 503", "no answer within 5000 ms", "network error (ECONNREFUSED)". */
    readonly detail: string,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${detail}`, options);
    this.name = "OutboundError";
  }
}

export interface OutboundRequest {
  /** Who is called, for messages and the log: "YouX /quote", "Rego lookup /lookup", "Turnstile". */
  provider: string;
  url: string | URL;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON body, sent as application/json. */
  json?: unknown;
  /** Any other body: a form, or exact bytes that are signed. */
  body?: string | URLSearchParams;
  /** The time limit of each try. */
  timeoutMs: number;
  /** Further tries after a network failure, a time-out, 429 or 5xx. Default 0. */
  retries?: number;
  /** The pause before the first retry, doubled for each next one and jittered (x1 to x2). Default 250 ms. */
  backoffMs?: number;
  /** The longest Retry-After waited for. Default 5 s. */
  maxRetryAfterMs?: number;
  /** Default "error": a provider that redirects has failed, rather than have a secret follow it elsewhere. */
  redirect?: RequestRedirect;
  /** Stops the call and any retry (a shutdown, a limit over several calls). */
  signal?: AbortSignal;
  /** Another fetch (tests). */
  fetch?: typeof fetch;
}

export const DEFAULT_BACKOFF_MS = 250;
export const MAX_RETRY_AFTER_MS = 5_000;

/** Answers worth asking again for: the provider is limiting us, or failed. */
const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** An answer worth another try, carried through p-retry; the last one is given back to the caller. */
class RetryableAnswer extends Error {
  constructor(
    readonly response: Response,
    readonly retryAfterMs: number | null,
  ) {
    super(`HTTP ${response.status}`);
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The system error code behind a failed fetch (ECONNREFUSED, ENOTFOUND...), never the request itself. */
export function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === "string" ? cause.code : error instanceof Error ? error.name : "unknown";
}

/**
 * The provider's answer, whatever its status, after the retries asked for: the caller judges the status.
 * Throws OutboundError when no answer came at all (time-out, network, stopped).
 */
export async function outboundFetch(request: OutboundRequest): Promise<Response> {
  const { provider, timeoutMs } = request;
  const doFetch = request.fetch ?? fetch;
  const headers: Record<string, string> = { ...request.headers };
  let body: string | URLSearchParams | undefined = request.body;
  if (request.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(request.json);
  }

  const attempt = async (): Promise<Response> => {
    const limit = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        redirect: request.redirect ?? "error",
        signal: request.signal ? AbortSignal.any([limit, request.signal]) : limit,
      });
    } catch (error) {
      if (request.signal?.aborted)
        throw new AbortError(new OutboundError(provider, "aborted", `stopped (${String(request.signal.reason)})`, null, { cause: error }));
      if (limit.aborted) throw new OutboundError(provider, "timeout", `no answer within ${timeoutMs} ms`);
      throw new OutboundError(provider, "network", `network error (${causeCode(error)})`, null, { cause: error });
    }
    if (isRetryableStatus(response.status)) throw new RetryableAnswer(response, retryAfterMs(response.headers.get("retry-after")));
    return response;
  };

  try {
    return await pRetry(attempt, {
      retries: request.retries ?? 0,
      minTimeout: request.backoffMs ?? DEFAULT_BACKOFF_MS,
      factor: 2,
      randomize: true,
      signal: request.signal,
      // Called only when another try will follow.
      shouldRetry: async ({ error, attemptNumber }) => {
        const wait = error instanceof RetryableAnswer ? error.retryAfterMs : null;
        if (wait !== null && wait > (request.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS)) return false;
        log.warn(`${provider}: trying again`, {
          attempt: attemptNumber,
          ...(error instanceof RetryableAnswer ? { status: error.response.status } : { failure: (error as OutboundError).failure }),
        });
        if (error instanceof RetryableAnswer) {
          await error.response.body?.cancel().catch(() => undefined);
          if (wait) await pause(wait, undefined, { signal: request.signal });
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof RetryableAnswer) return error.response;
    if (error instanceof OutboundError) throw error;
    // The caller's signal ended a pause between tries.
    if (request.signal?.aborted)
      throw new OutboundError(provider, "aborted", `stopped (${String(request.signal.reason)})`, null, { cause: error });
    throw error;
  }
}

/**
 * A JSON call: the parsed answer of a 2xx, null for a status in `nothingOn` (a provider's "not known"),
 * else OutboundError ("HTTP 401", "the answer was not JSON", or why no answer came).
 */
export async function outboundJson(request: OutboundRequest & { nothingOn?: readonly number[] }): Promise<unknown> {
  const response = await outboundFetch({ ...request, headers: { Accept: "application/json", ...request.headers } });
  const text = await response.text().catch(() => "");
  if (request.nothingOn?.includes(response.status)) return null;
  if (!response.ok) throw new OutboundError(request.provider, "status", `HTTP ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OutboundError(request.provider, "not-json", "the answer was not JSON", response.status);
  }
}
