/**
 * GET /api/feeds?tenant=<slug>: the running server's side of `npm run feeds`. The server owns the
 * embedded database, so the command asks it instead of opening the database itself: per ad channel, how
 * many of the dealer's cars are in its feed and why each other car is out. Only the same machine may
 * call it (loopback, plus the token the server keeps in its data folder).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listVehicles } from "@server/db/vehicles";
import { feedsReport } from "@server/feeds/build";
import { NO_STORE } from "@server/http/cachePolicy";
import { platformFrom } from "@server/http/loadContext";
import { fromLoopback, hasDataFolderToken } from "@server/http/localAccess";

const querySchema = z.object({ tenant: z.string().regex(/^[a-z0-9-]{1,100}$/) });

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!fromLoopback(request, context)) return reply(403, { error: "the feeds report answers this machine only" });
  const platform = platformFrom(context);
  if (!hasDataFolderToken(request, platform.env.dataDir)) return reply(401, { error: "missing or wrong token" });
  const parsed = querySchema.safeParse({ tenant: new URL(request.url).searchParams.get("tenant") ?? undefined });
  if (!parsed.success) return reply(400, { error: "tenant: a dealer site's slug is required" });
  const tenant = platform.tenants.get(parsed.data.tenant);
  if (!tenant) return reply(404, { error: `no dealer site with slug "${parsed.data.tenant}"` });
  const feedOrigins = await platform.feedPhotoOrigins.of(tenant);
  return reply(200, feedsReport(tenant, await listVehicles(platform.db, tenant.slug), new Date(), feedOrigins));
}
