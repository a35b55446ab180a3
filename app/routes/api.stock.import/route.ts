/**
 * /api/stock/import: the running server's side of `npm run import`, and the push webhook for a stock
 * feed agent on the same machine. The server owns the embedded database, so the command hands it the
 * feed instead of opening the database itself. Only the same machine may call it (loopback, plus the
 * token the server keeps in its data folder).
 *
 * POST `{ tenant, format, content | contentBase64, profile?, markMissingSold?, dryRun? }` imports a feed
 * (any built-in profile, docs/stock-import.md); POST `{ tenant, pull: true }` pulls the dealer's
 * stock.feed.url now; GET `?tenant=<slug>` answers the dealer's feed status and latest pulls.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { log } from "@server/log";
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, MAX_IMPORT_REQUEST_BYTES, importStock } from "@server/stock/import";
import { FEED_PROFILE_NAMES } from "@server/stock/feedFields";
import { fromLoopback, hasDataFolderToken } from "@server/http/localAccess";
import { platformFrom } from "@server/http/loadContext";
import { NO_STORE } from "@server/http/cachePolicy";

const importSchema = z
  .object({
    tenant: z.string().min(1).max(100),
    format: z.enum(IMPORT_FORMATS as [string, ...string[]]),
    content: z.string().max(MAX_IMPORT_BYTES).optional(),
    /** The file's own bytes, so the server reads its encoding as the command would (a Windows-1252 export stays readable). */
    contentBase64: z
      .string()
      .max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64")
      .optional(),
    profile: z.enum(FEED_PROFILE_NAMES).optional(),
    markMissingSold: z.boolean().default(false),
    dryRun: z.boolean().default(false),
  })
  .refine(
    (body) => (body.content === undefined) !== (body.contentBase64 === undefined),
    "send the feed as content or contentBase64 (one of them)",
  );

const pullSchema = z.object({ tenant: z.string().min(1).max(100), pull: z.literal(true) });

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

type Args = Pick<ActionFunctionArgs, "request" | "context">;

/** Loopback and the data folder's token, or the refusal to answer. */
function refusal({ request, context }: Args): Response | null {
  if (!fromLoopback(request, context)) return reply(403, { error: "stock imports are accepted from this machine only" });
  if (!hasDataFolderToken(request, platformFrom(context).env.dataDir)) return reply(401, { error: "missing or wrong import token" });
  return null;
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const slug = new URL(request.url).searchParams.get("tenant");
  if (!slug) return reply(405, { error: "POST a stock feed to this address" });
  const refused = refusal({ request, context });
  if (refused) return refused;
  const platform = platformFrom(context);
  const tenant = platform.tenants.get(slug.slice(0, 100));
  if (!tenant) return reply(404, { error: `no dealer site with slug "${slug.slice(0, 100)}"` });
  return reply(200, await platform.stockFeeds.status(tenant));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, { error: "POST only" });
  const refused = refusal({ request, context });
  if (refused) return refused;
  const platform = platformFrom(context);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_IMPORT_REQUEST_BYTES) return reply(413, { error: `the feed is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` });

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return reply(400, { error: "the request body must be JSON" });
  }

  const pull = pullSchema.safeParse(body);
  if (pull.success) {
    const tenant = platform.tenants.get(pull.data.tenant);
    if (!tenant) return reply(404, { error: `no dealer site with slug "${pull.data.tenant}"` });
    if (!tenant.stock.feed.url) return reply(409, { error: `${tenant.slug} has no stock.feed.url in its tenant.json` });
    try {
      return reply(200, await platform.stockFeeds.pull(tenant));
    } catch (error) {
      return reply(409, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  const parsed = importSchema.safeParse(body);
  if (!parsed.success) return reply(400, { error: issuesOf(parsed.error) });
  const tenant = platform.tenants.get(parsed.data.tenant);
  if (!tenant) return reply(404, { error: `no dealer site with slug "${parsed.data.tenant}"` });
  const { contentBase64, content, format, profile, markMissingSold, dryRun } = parsed.data;
  const feed = contentBase64 !== undefined ? new Uint8Array(Buffer.from(contentBase64, "base64")) : content!;
  if (feed.length > MAX_IMPORT_BYTES) return reply(413, { error: `the feed is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` });

  let changed: string[] = [];
  const result = await importStock(
    { db: platform.db, onChanged: (_slug, ids) => void (changed = ids) },
    tenant,
    { format: format as (typeof IMPORT_FORMATS)[number], content: feed },
    { markMissingSold, dryRun, profile },
  );
  // Answer once search shows the new stock, so the dealer sees it as soon as the command returns.
  if (changed.length) {
    await platform.stockChanged(tenant.slug, changed).catch((error: unknown) => {
      log.warn("search index will catch up at the next stock poll", { tenant: tenant.slug, error: String(error) });
    });
  }
  return reply(200, result);
}
