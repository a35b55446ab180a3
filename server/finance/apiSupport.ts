/**
 * What the two finance API routes share: JSON in, JSON out with an `error` in the spec's words on any
 * failure, never stored by a cache (the answers are one shopper's).
 */
import { json } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";

export const NO_STORE_HEADERS = { "Cache-Control": PRIVATE_NO_STORE };

export function financeError(error: string, status: number, headers: Record<string, string> = {}) {
  return json({ error }, { status, headers: { ...NO_STORE_HEADERS, ...headers } });
}

/** The answer to anything but a POST. */
export function postOnly(error: string) {
  return financeError(error, 405, { Allow: "POST" });
}

export type JsonBody = { ok: true; body: unknown } | { ok: false; status: 400 | 415 };

/**
 * The request's JSON body. Only `application/json` is read: a form on another site cannot send it
 * without the browser asking first, which the site never allows.
 */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, status: 415 };
  try {
    return { ok: true, body: JSON.parse(await request.text()) };
  } catch {
    return { ok: false, status: 400 };
  }
}
