/**
 * /api/alerts: the running server's side of `npm run alerts` (docs/alerts.md). The server owns the
 * embedded database, so the command asks it instead of opening the database itself. GET lists a dealer's
 * saved searches, alerts, messages and consent events (contacts masked); POST sends a failed message back
 * to the queue and wakes the alert worker. Only the same machine may call it (loopback, plus the token the
 * server keeps in its data folder), as /api/leads.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { alertsListing, alertsRetry } from "@server/alerts/command";
import { NO_STORE } from "@server/http/cachePolicy";
import { platformFrom } from "@server/http/loadContext";
import { fromLoopback, hasDataFolderToken } from "@server/http/localAccess";
import type { Platform } from "@server/platform.server";

const listSchema = z.object({
  tenant: z.string().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

const retrySchema = z.object({
  tenant: z.string().min(1).max(100),
  retry: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

function allow(request: Request, context: AppLoadContext): { platform: Platform } | { refused: Response } {
  if (!fromLoopback(request, context)) return { refused: reply(403, { error: "the alerts endpoint answers this machine only" }) };
  const platform = platformFrom(context);
  if (!hasDataFolderToken(request, platform.env.dataDir)) return { refused: reply(401, { error: "missing or wrong token" }) };
  return { platform };
}

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const allowed = allow(request, context);
  if ("refused" in allowed) return allowed.refused;
  const { platform } = allowed;
  const parsed = listSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return reply(400, { error: issues(parsed.error) });
  if (!platform.tenants.get(parsed.data.tenant)) return reply(404, { error: `no dealer site with slug "${parsed.data.tenant}"` });
  return reply(200, { listing: await alertsListing(platform.db, parsed.data.tenant, parsed.data.limit) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, { error: "POST only" });
  const allowed = allow(request, context);
  if ("refused" in allowed) return allowed.refused;
  const { platform } = allowed;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return reply(400, { error: "the request body must be JSON" });
  }
  const parsed = retrySchema.safeParse(body);
  if (!parsed.success) return reply(400, { error: issues(parsed.error) });
  if (!platform.tenants.get(parsed.data.tenant)) return reply(404, { error: `no dealer site with slug "${parsed.data.tenant}"` });
  const retried = await alertsRetry(platform.db, parsed.data.tenant, parsed.data.retry);
  if (retried.length) platform.alertWorker.wake();
  return reply(200, { retried });
}
