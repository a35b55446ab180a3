/**
 * Server render time of one page, in process (no HTTP): renders it 20 times to warm up, then 100 times
 * and prints the mean. With PROFILE=file.cpuprofile it writes a CPU profile of the measured renders only
 * (open it in Chrome DevTools).
 *   BUILD_DIR=build DATA_DIR=/tmp/x NODE_ENV=production node scripts/profile-page.mjs /search summit-auto-group
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequestHandler } from "@remix-run/node";

const path = process.argv[2] ?? "/search";
const host = `${process.argv[3] ?? "summit-auto-group"}.localhost`;
const buildDir = process.env.BUILD_DIR ?? "build";
const build = await import(new URL(`../${buildDir}/server/index.js`, import.meta.url).href);
const { bootPlatformOrExit } = await import(new URL(`../${buildDir}/server-main/main.js`, import.meta.url).href);
const platform = await bootPlatformOrExit();
const tenant = platform.tenants.resolveHost(host);
const remix = createRequestHandler(build, "production");
// The load context the server entry would build (server/http/siteServer.ts).
const handle = (request) => remix(request, { platform, tenant, clientAddress: "127.0.0.1", nonce: "cHJvZmlsZS1ub25jZS0xMg==" });
const url = (i) => `http://${host}${path}${path.includes("?") ? "&" : "?"}page=${(i % 5) + 1}`;
const run = async (n) => {
  for (let i = 0; i < n; i++) await (await handle(new Request(url(i), { headers: { host } }))).text();
};
await run(20);
const session = new Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const started = performance.now();
await run(400);
console.log(path, ((performance.now() - started) / 400).toFixed(1), "ms per request");
if (process.env.PROFILE) {
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
process.exit(0);
