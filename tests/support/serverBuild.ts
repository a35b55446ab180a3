/**
 * The production build that the server-level suites start (tests/startup.test.ts, tests/hostile).
 * `npm test` builds first and sets REQUIRE_BUILD=1 (tests/run-all.mjs), so there a missing build is a
 * failure with this message, never a quiet pass. A developer's plain `npx vitest` without a build skips
 * those tests and says so.
 */
import fs from "node:fs";
import path from "node:path";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");

export interface ServerBuild {
  present: boolean;
  /** True only when the build is missing and nothing requires it: the test is skipped, with a warning. */
  skip: boolean;
  /** Throws the reason when the build is missing. */
  assertPresent(): void;
}

export function serverBuild(suite: string): ServerBuild {
  const present = fs.existsSync(SERVER_BUILD);
  const required = process.env.REQUIRE_BUILD === "1";
  const missing = `No server build at ${SERVER_BUILD}: ${suite} starts the production server from it. Build first (npm run build), or set BUILD_DIR.`;
  if (!present && !required) console.warn(`Skipped: ${missing} (npm test requires it: REQUIRE_BUILD=1)`);
  return {
    present,
    skip: !present && !required,
    assertPresent() {
      if (!present) throw new Error(missing);
    },
  };
}
