import { bootPlatform } from "@server/platform.server";

/** For load balancers: answers once the platform has booted and the database answers. */
export async function loader() {
  const platform = await bootPlatform();
  await platform.db.query("SELECT 1");
  return new Response("ok", { headers: { "Cache-Control": "no-store" } });
}
