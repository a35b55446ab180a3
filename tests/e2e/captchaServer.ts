/**
 * A test server of a spec's own with the captcha on, as shoppers meet it: the shared test server sends
 * forms with the captcha off (playwright.config.ts), so a spec that tests the captcha starts its own
 * (the same build, its own port beside the shared one and its own data folder), one per worker.
 *
 *   const server = captchaServer("contact", 100);   // at the top of the spec
 *   ... server.port, server.dataDir inside tests
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { adfFileProblems } from "../leads/adfValidation";
import { PORT as SHARED_PORT } from "./site";

export interface CaptchaServer {
  /** Set once the server answers /healthz (in the spec's beforeAll). */
  port: number;
  dataDir: string;
}

const START_TIMEOUT_MS = 220_000;

/** Starts the server before the spec's tests and stops it (and drops its data) after them. */
export function captchaServer(name: string, portOffset: number): CaptchaServer {
  const server: CaptchaServer = { port: 0, dataDir: "" };
  let child: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 20_000);
    // One server per worker (Playwright numbers them), on its own port beside the shared one.
    server.port = SHARED_PORT + portOffset + Number(process.env.TEST_WORKER_INDEX ?? 0);
    server.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dealer-sites-e2e-${name}-${server.port}-`));
    child = spawn(process.execPath, ["server/cli/start.mjs"], {
      env: {
        ...process.env,
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        // Its own embedded database, never the PostgreSQL of DATABASE_URL the main test server would share.
        DATABASE_URL: "",
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        RATE_LIMITS: "off",
        CAPTCHA: "on",
        PHOTO_WARMUP: "off",
        // The build the shared server serves, as it is.
        SKIP_BUILD: "1",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${name} captcha test server stopped: ${errors}`);
      const up = await fetch(`http://127.0.0.1:${server.port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`the ${name} captcha test server did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const stopped = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    if (server.dataDir) {
      // The leads this server's real forms sent are ADF 1.0 a CRM accepts, like the shared server's (lead-files.spec.ts).
      const leads = path.join(server.dataDir, "leads");
      const files = fs.existsSync(leads)
        ? fs.readdirSync(leads).flatMap((dealer) =>
            fs
              .readdirSync(path.join(leads, dealer))
              .filter((f) => f.endsWith(".xml"))
              .map((f) => path.join(leads, dealer, f)),
          )
        : [];
      const problems = adfFileProblems(files);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      expect(problems, `ADF files written by the ${name} test server`).toEqual([]);
    }
  });

  return server;
}

/** The dealer's leads on this server, with their deliveries, as `npm run leads` reads them (loopback and the data folder's token). */
export async function leadsOn<Lead>(server: CaptchaServer, request: APIRequestContext, tenant: string): Promise<Lead[]> {
  const token = fs.readFileSync(path.join(server.dataDir, "import-token"), "utf8").trim();
  const response = await request.get(`http://127.0.0.1:${server.port}/api/leads?tenant=${tenant}&limit=200`, {
    headers: { "x-import-token": token },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leads: Lead[] }).leads;
}
