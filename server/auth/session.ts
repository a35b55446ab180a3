/**
 * The signed-in shopper: sessions start at sign-in (a new token, the browser's old session deleted),
 * last 30 days, end at sign-out, and are resolved from the request's cookie for the request's dealer
 * only (a session on one dealer's site is nothing on another's).
 */
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/safeRedirect";
import { refererOnThisSite } from "../http/sameSite";
import { deleteSession, getSessionUser, rotateSession } from "../db/accounts";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";
import { dealerFrom, type DealerLoadContext } from "../http/loadContext";
import { log } from "../log";
import type { Platform } from "../platform.server";
import type { TenantConfig } from "../tenants/schema";
import { schedulePrune } from "./limits";
import type { VerifiedShopper } from "./port";
import { clearSessionCookieHeader, isSecureRequest, readSessionToken, SESSION_TTL_MS, sessionCookieHeader } from "./sessionCookie";
import { withoutFrameworkParams } from "~/domain/frameworkParams";

/** The signed-in shopper: the dealer's user row (phone in E.164). */
export type Shopper = VerifiedShopper;

type SessionPlatform = Pick<Platform, "db">;

/**
 * The shopper signed in on this dealer's site, or null (no cookie, unknown or expired token, another
 * dealer's session). A database failure counts as signed out, logged: pages still render.
 */
export async function shopperFromRequest(platform: SessionPlatform, tenant: TenantConfig, request: Request): Promise<Shopper | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  try {
    const user = await getSessionUser(platform.db, tenant.slug, token);
    if (!user) return null;
    return { userId: user.id, phone: user.phone, first_name: user.first_name, last_name: user.last_name, email: user.email };
  } catch (error) {
    log.warn("session not read; shopper treated as signed out", { tenant: tenant.slug, error: String(error) });
    return null;
  }
}

/**
 * Signs a verified shopper in: the browser's previous session (if any) is deleted and a new one made.
 * Returns the Set-Cookie value the response must carry.
 */
export async function startSession(
  platform: Pick<Platform, "db">,
  tenant: TenantConfig,
  request: Request,
  shopper: Pick<Shopper, "userId">,
): Promise<string> {
  const token = await rotateSession(platform.db, tenant.slug, shopper.userId, readSessionToken(request), SESSION_TTL_MS);
  schedulePrune(platform.db);
  return sessionCookieHeader(token, { secure: isSecureRequest(request) });
}

/** Signs the shopper out: their session is deleted. Returns the Set-Cookie value that clears the cookie. */
export async function destroySession(platform: SessionPlatform, tenant: TenantConfig, request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token) await deleteSession(platform.db, tenant.slug, token);
  return clearSessionCookieHeader({ secure: isSecureRequest(request) });
}

/**
 * Where the sign-in screen sends a shopper who must sign in first:
 * `/sign-in?type=<signInType>&redirect=<this path and query>&back=<the referring page's path, or fallback>`.
 * The fallback is the home page, or the page the gated one belongs to (a car's page for its trade-in or
 * checkout reached from a direct link: back goes to the car, not the home page). Only same-site paths
 * are ever put in `redirect` and `back`.
 */
export function signInUrl(request: Request, signInType: string, fallbackBack = "/"): string {
  const url = withoutFrameworkParams(new URL(request.url));
  const here = safeRedirectPath(url.pathname + url.search);
  // A Referer from another site, or a malformed one, is ignored.
  const from = refererOnThisSite(request);
  const back = safeRedirectPath(from ? from.pathname + from.search : fallbackBack);
  const query = new URLSearchParams({ type: signInType, redirect: here, back });
  return `/sign-in?${query.toString()}`;
}

/**
 * For loaders and actions of pages that need a signed-in shopper: the shopper, or a redirect (thrown)
 * to the sign-in screen that comes back here afterwards ('back' is the referring page, else `fallbackBack`).
 */
export async function requireShopper(
  args: { request: Request; context?: Partial<DealerLoadContext> },
  signInType: string,
  fallbackBack?: string,
): Promise<Shopper> {
  const { platform, tenant } = dealerFrom(args.context);
  const shopper = await shopperFromRequest(platform, tenant, args.request);
  if (shopper) return shopper;
  throw redirect(signInUrl(args.request, signInType, fallbackBack), { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
