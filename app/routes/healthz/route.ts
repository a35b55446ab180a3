import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkDatabaseAnswers } from "@server/db/database";
import { platformFrom } from "@server/http/loadContext";
import { NO_STORE } from "@server/http/cachePolicy";

/** For load balancers: answers once the platform has booted and the database answers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const platform = platformFrom(context);
  await checkDatabaseAnswers(platform.db);
  return new Response("ok", { headers: { "Cache-Control": NO_STORE } });
}
