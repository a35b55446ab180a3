/**
 * POST /sign-out: ends the shopper's session on this dealer's site (the session deleted, the cookie
 * cleared) and sends them to `redirect` (a path on this site, else home). A GET signs nobody out (a
 * link or an image from elsewhere must not): it just goes home. Clearing what this browser keeps
 * about the shopper is the browser's part (components/layout/SignOutForm.tsx).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/safeRedirect";
import { destroySession } from "@server/auth/session";
import { clearSessionCookieHeader, isSecureRequest } from "@server/auth/sessionCookie";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { readFormBody } from "@server/leads/formAction";
import { log } from "@server/log";

export function loader() {
  return redirect("/", { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const form = await readFormBody(request);
  const fromForm = form?.get("redirect");
  const target = safeRedirectPath(typeof fromForm === "string" ? fromForm : new URL(request.url).searchParams.get("redirect"));
  let cookie: string;
  try {
    cookie = await destroySession(platform, tenant, request);
  } catch (error) {
    // The session row could not be deleted: the browser still forgets it, and it expires on its own.
    log.error("sign-out: session not deleted", { tenant: tenant.slug, error: String(error) });
    cookie = clearSessionCookieHeader({ secure: isSecureRequest(request) });
  }
  return redirect(target, { headers: { "Cache-Control": PRIVATE_NO_STORE, "Set-Cookie": cookie } });
}
