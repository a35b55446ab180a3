import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { createPhoneAuthFromEnv } from "./index";

const db = {} as Database;

describe("phone sign-in adapter from the environment", () => {
  it("is the embedded one without Supabase settings, said once, with the outbox as its SMS", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-auth-"));
    const lines: string[] = [];
    const { auth, sms } = createPhoneAuthFromEnv({ dataDir }, db, { info: (m: string) => lines.push(m) });
    expect(auth.kind).toBe("embedded");
    expect(sms.kind).toBe("outbox");
    expect(lines).toEqual([expect.stringMatching(/^Phone sign-in: embedded .*sms-outbox\.jsonl.*SUPABASE_URL and SUPABASE_ANON_KEY/)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is Supabase Auth when SUPABASE_URL and SUPABASE_ANON_KEY are both set", () => {
    const lines: string[] = [];
    const logger = { info: (m: string) => lines.push(m) };
    const env = { dataDir: os.tmpdir(), SESSION_SECRET: "s".repeat(40) };
    expect(createPhoneAuthFromEnv({ ...env, SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k" }, db, logger).auth.kind).toBe(
      "supabase",
    );
    expect(createPhoneAuthFromEnv({ ...env, SUPABASE_URL: "https://x.supabase.co" }, db, logger).auth.kind).toBe("embedded");
    expect(lines[0]).toBe("Phone sign-in: Supabase Auth");
  });
});
