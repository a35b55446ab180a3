import type { LoaderFunctionArgs } from "@remix-run/node";
import { platformFrom } from "@server/http/loadContext";
import { NO_STORE } from "@server/http/cachePolicy";

/** For load balancers: answers once the platform has booted and the database answers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const platform = platformFrom(context);
  await platform.db.query("SELECT 1");
  return new Response("ok", { headers: { "Cache-Control": NO_STORE } });
}
