/**
 * The running server's side of a dealer's command-line tool (`npm run leads`, `npm run alerts`): the
 * server owns the embedded database, so the command asks it instead of opening the database itself.
 * GET lists what the command shows for a dealer; POST sends a failed item back to the queue and wakes
 * its worker. Only the same machine may call (loopback, plus the token the server keeps in its data
 * folder); every answer is JSON, never stored.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { Platform } from "../platform.server";
import { NO_STORE } from "./cachePolicy";
import { platformFrom } from "./loadContext";
import { fromLoopback, hasDataFolderToken } from "./localAccess";

/** A dealer's slug as the commands send it. */
export const tenantField = z.string().min(1).max(100);
const retrySchema = z.object({ tenant: tenantField, retry: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

export interface LocalCommandRoute<Query extends { tenant: string }> {
  /** What the endpoint serves, in its refusal: "leads", "alerts". */
  what: string;
  /** The list's query (a `tenant` and the command's own options), from the address. */
  listSchema: z.ZodType<Query, z.ZodTypeDef, unknown>;
  list(platform: Platform, query: Query): Promise<Record<string, unknown>>;
  /** Sends the dealer's failed item back to the queue; what was sent back (none: nothing by that id failed). */
  retry(platform: Platform, tenant: string, id: string): Promise<readonly unknown[]>;
  /** Wakes the worker that sends them. */
  wake(platform: Platform): void;
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");

/** The route module's loader and action for one command. */
export function localCommandRoute<Query extends { tenant: string }>(command: LocalCommandRoute<Query>) {
  const allow = (request: Request, context: AppLoadContext): { platform: Platform } | { refused: Response } => {
    if (!fromLoopback(request, context))
      return { refused: reply(403, { error: `the ${command.what} endpoint answers this machine only` }) };
    const platform = platformFrom(context);
    if (!hasDataFolderToken(request, platform.env.dataDir)) return { refused: reply(401, { error: "missing or wrong token" }) };
    return { platform };
  };
  const unknownDealer = (platform: Platform, tenant: string) =>
    platform.tenants.get(tenant) ? null : reply(404, { error: `no dealer site with slug "${tenant}"` });

  async function loader({ request, context }: LoaderFunctionArgs) {
    const allowed = allow(request, context);
    if ("refused" in allowed) return allowed.refused;
    const parsed = command.listSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return reply(400, { error: issues(parsed.error) });
    return unknownDealer(allowed.platform, parsed.data.tenant) ?? reply(200, await command.list(allowed.platform, parsed.data));
  }

  async function action({ request, context }: ActionFunctionArgs) {
    if (request.method !== "POST") return reply(405, { error: "POST only" });
    const allowed = allow(request, context);
    if ("refused" in allowed) return allowed.refused;
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return reply(400, { error: "the request body must be JSON" });
    }
    const parsed = retrySchema.safeParse(body);
    if (!parsed.success) return reply(400, { error: issues(parsed.error) });
    const unknown = unknownDealer(allowed.platform, parsed.data.tenant);
    if (unknown) return unknown;
    const retried = await command.retry(allowed.platform, parsed.data.tenant, parsed.data.retry);
    if (retried.length) command.wake(allowed.platform);
    return reply(200, { retried });
  }

  return { loader, action };
}
