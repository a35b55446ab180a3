/**
 * /api/leads: the running server's side of `npm run leads` (server/http/localCommand.ts). GET lists a
 * dealer's leads with their delivery state; POST sends failed deliveries back to the queue and wakes the
 * delivery worker. Only the same machine may call it (loopback, plus the token the server keeps in its
 * data folder).
 */
import { z } from "zod";
import { DELIVERY_STATUSES, leadsListing, leadsRetry } from "@server/leads/command";
import { localCommandRoute, tenantField } from "@server/http/localCommand";

const route = localCommandRoute({
  what: "leads",
  listSchema: z.object({
    tenant: tenantField,
    status: z.enum(DELIVERY_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(50),
  }),
  list: async (platform, query) => ({ leads: await leadsListing(platform.db, query.tenant, query) }),
  retry: (platform, tenant, id) => leadsRetry(platform.db, tenant, id),
  wake: (platform) => platform.leadWorker.wake(),
});

export const loader = route.loader;
export const action = route.action;
