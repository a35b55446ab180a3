/**
 * POST /api/stock/import: the running server's side of `npm run import`. The server owns the
 * embedded database, so the command hands it the feed instead of opening the database itself.
 * Only the same machine may call it (loopback, plus the token the server keeps in its data folder).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { log } from "@server/log";
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, importStock } from "@server/stock/import";
import { IMPORT_TOKEN_HEADER, ensureImportToken, tokensMatch } from "@server/stock/importToken";
import { fromLoopback } from "@server/http/localAccess";
import { platformFrom } from "@server/http/loadContext";
import { NO_STORE } from "@server/http/cachePolicy";

const requestSchema = z.object({
  tenant: z.string().min(1).max(100),
  format: z.enum(IMPORT_FORMATS as [string, ...string[]]),
  content: z.string().max(MAX_IMPORT_BYTES),
  markMissingSold: z.boolean().default(false),
});

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

export async function loader() {
  return reply(405, { error: "POST a stock feed to this address" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, { error: "POST only" });
  if (!fromLoopback(request, context)) return reply(403, { error: "stock imports are accepted from this machine only" });
  const platform = platformFrom(context);
  const expected = ensureImportToken(platform.env.dataDir);
  if (!tokensMatch(expected, request.headers.get(IMPORT_TOKEN_HEADER))) return reply(401, { error: "missing or wrong import token" });
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_IMPORT_BYTES * 1.2) return reply(413, { error: `the feed is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` });

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return reply(400, { error: "the request body must be JSON" });
  }
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    return reply(400, { error: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") });
  }
  const tenant = platform.tenants.get(parsed.data.tenant);
  if (!tenant) return reply(404, { error: `no dealer site with slug "${parsed.data.tenant}"` });

  let changed: string[] = [];
  const result = await importStock(
    { db: platform.db, onChanged: (_slug, ids) => void (changed = ids) },
    tenant,
    { format: parsed.data.format as "csv" | "json", content: parsed.data.content },
    { markMissingSold: parsed.data.markMissingSold },
  );
  // Answer once search shows the new stock, so the dealer sees it as soon as the command returns.
  if (changed.length) {
    await platform.stockChanged(tenant.slug, changed).catch((error: unknown) => {
      log.warn("search index will catch up at the next stock poll", { tenant: tenant.slug, error: String(error) });
    });
  }
  return reply(200, result);
}
