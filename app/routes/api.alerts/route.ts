/**
 * /api/alerts: the running server's side of `npm run alerts` (docs/alerts.md; server/http/localCommand.ts).
 * GET lists a dealer's saved searches, alerts, messages and consent events (contacts masked); POST sends a
 * failed message back to the queue and wakes the alert worker. Only the same machine may call it.
 */
import { z } from "zod";
import { alertsListing, alertsRetry } from "@server/alerts/command";
import { localCommandRoute, tenantField } from "@server/http/localCommand";

const route = localCommandRoute({
  what: "alerts",
  listSchema: z.object({ tenant: tenantField, limit: z.coerce.number().int().min(1).max(1000).default(50) }),
  list: async (platform, query) => ({ listing: await alertsListing(platform.db, query.tenant, query.limit) }),
  retry: (platform, tenant, id) => alertsRetry(platform.db, tenant, id),
  wake: (platform) => platform.alertWorker.wake(),
});

export const loader = route.loader;
export const action = route.action;
