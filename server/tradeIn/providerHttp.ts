/**
 * The one way the trade-in adapters talk to a provider: a JSON POST with the key as a bearer token, a
 * time limit on every try, and one more try after a network failure, a time-out, 429 or 5xx (both
 * calls only read, so asking twice changes nothing). A 404 is "not known", never an error. Failures
 * become TradeInProviderError naming the path and status or cause, never the key.
 */
import { TradeInProviderError } from "./port";

export interface ProviderOptions {
  /** The provider's base address (paths are appended to it). */
  url: string;
  /** Sent as `Authorization: Bearer`, to `url` only. */
  apiKey: string;
  /** Per try. */
  timeoutMs: number;
  /** Further tries after a failure worth repeating. */
  retries?: number;
  /** The pause before a retry. */
  backoffMs?: number;
  /** Who is asking, for the error messages ('Rego lookup', 'Valuation'). */
  service: string;
}

class AttemptError extends TradeInProviderError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs `body` to `path`; the parsed JSON answer, or null for a 404. */
export async function postToProvider(options: ProviderOptions, path: string, body: unknown): Promise<unknown> {
  const retries = options.retries ?? 1;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptPost(options, path, body);
    } catch (error) {
      const retryable = error instanceof AttemptError && error.retryable;
      if (!retryable || attempt >= retries) {
        throw error instanceof TradeInProviderError ? error : new TradeInProviderError(`${options.service} ${path}: ${String(error)}`);
      }
      await sleep(options.backoffMs ?? 200);
    }
  }
}

async function attemptPost(options: ProviderOptions, path: string, body: unknown): Promise<unknown> {
  const where = `${options.service} ${path}`;
  let response: Response;
  try {
    response = await fetch(`${options.url.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      throw new AttemptError(`${where}: no answer within ${options.timeoutMs} ms`, true);
    throw new AttemptError(`${where}: network error (${causeCode(error)})`, true);
  }
  const text = await response.text().catch(() => "");
  if (response.status === 404) return null;
  if (!response.ok) throw new AttemptError(`${where}: HTTP ${response.status}`, response.status === 429 || response.status >= 500);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AttemptError(`${where}: the answer was not JSON`, false);
  }
}

/** The system error code behind a failed fetch (ECONNREFUSED, ENOTFOUND...), never the request itself. */
function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === "string" ? cause.code : error instanceof Error ? error.name : "unknown";
}
