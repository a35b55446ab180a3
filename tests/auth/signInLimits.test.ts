/**
 * Each sign-in allowance on its own, on the embedded database with a test clock: a code a minute and
 * five an hour per phone, twenty an hour per address, five wrong codes per phone an hour, twenty
 * contact look-ups per address an hour; reading an allowance spends nothing; keys are hashed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CODE_SENDS_GAP,
  CODE_SENDS_PER_ADDRESS,
  CODE_SENDS_PER_PHONE,
  codeSendAllowed,
  codeSendHits,
  CONTACT_CHECKS_PER_ADDRESS,
  spendCodeSend,
  spendContactCheck,
  spendWrongCode,
  WRONG_CODES_PER_PHONE,
  wrongCodesExhausted,
} from "@server/auth/limits";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import type { AbuseLimits } from "@server/limits/guard";
import { freshPglite } from "../support/freshPglite";

let db: Database;
/** Where the allowances are counted, with the limits on (RATE_LIMITS unset). */
let limits: AbuseLimits;
beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  limits = { db, env: { RATE_LIMITS: "on" } };
});
afterAll(async () => {
  await db?.close();
});
beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

const t0 = new Date("2026-11-21T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("sign-in allowances", () => {
  it("are the documented numbers", () => {
    expect(
      [CODE_SENDS_GAP, CODE_SENDS_PER_PHONE, CODE_SENDS_PER_ADDRESS, WRONG_CODES_PER_PHONE, CONTACT_CHECKS_PER_ADDRESS].map((l) => [
        l.max,
        l.windowMs,
      ]),
    ).toEqual([
      [1, 60_000],
      [5, 3_600_000],
      [20, 3_600_000],
      [5, 3_600_000],
      [20, 3_600_000],
    ]);
  });

  it("a code a minute per phone", async () => {
    const phone = "+61412800001";
    expect((await spendCodeSend(limits, "alpha", phone, "192.0.2.1", at(0))).allowed).toBe(true);
    const again = await spendCodeSend(limits, "alpha", phone, "192.0.2.2", at(30_000));
    expect(again).toMatchObject({ allowed: false, bucket: CODE_SENDS_GAP.bucket, retryAfterSeconds: 30 });
    expect((await spendCodeSend(limits, "alpha", phone, "192.0.2.3", at(60_001))).allowed).toBe(true);
    expect((await spendCodeSend(limits, "beta", phone, "192.0.2.3", at(60_002))).allowed).toBe(true);
  });

  it("five codes an hour per phone", async () => {
    const phone = "+61412800002";
    for (let i = 0; i < 5; i++)
      expect((await spendCodeSend(limits, "alpha", phone, `192.0.2.${10 + i}`, at(i * 61_000))).allowed).toBe(true);
    expect(await spendCodeSend(limits, "alpha", phone, "192.0.2.20", at(5 * 61_000))).toMatchObject({
      allowed: false,
      bucket: CODE_SENDS_PER_PHONE.bucket,
    });
    expect((await spendCodeSend(limits, "alpha", phone, "192.0.2.21", at(3_600_001))).allowed).toBe(true);
  });

  it("twenty codes an hour per address; the address is not counted with RATE_LIMITS=off, the phone still is", async () => {
    for (let i = 0; i < 20; i++)
      expect((await spendCodeSend(limits, "alpha", `+614128100${String(i).padStart(2, "0")}`, "192.0.2.30", at(0))).allowed).toBe(true);
    expect(await spendCodeSend(limits, "alpha", "+61412811000", "192.0.2.30", at(1_000))).toMatchObject({
      allowed: false,
      bucket: CODE_SENDS_PER_ADDRESS.bucket,
    });
    // RATE_LIMITS=off: the address is not counted.
    expect(codeSendHits("+61412811001", "192.0.2.30", false).map((h) => h.limit.bucket)).toEqual([
      CODE_SENDS_GAP.bucket,
      CODE_SENDS_PER_PHONE.bucket,
    ]);
    expect(codeSendHits("+61412811001", "unknown")).toHaveLength(2);
  });

  it("reading whether a code may be sent spends nothing", async () => {
    const phone = "+61412800003";
    for (let i = 0; i < 5; i++) expect((await codeSendAllowed(limits, "alpha", phone, "192.0.2.40", at(0))).allowed).toBe(true);
    await spendCodeSend(limits, "alpha", phone, "192.0.2.40", at(0));
    expect(await codeSendAllowed(limits, "alpha", phone, "192.0.2.40", at(10_000))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 50,
    });
    expect((await codeSendAllowed(limits, "alpha", phone, "192.0.2.40", at(60_000))).allowed).toBe(true);
  });

  it("five wrong codes an hour per phone", async () => {
    const phone = "+61412800004";
    for (let i = 0; i < 5; i++) {
      expect(await wrongCodesExhausted(db, "alpha", phone, at(i * 1000))).toBe(false);
      await spendWrongCode(db, "alpha", phone, at(i * 1000));
    }
    expect(await wrongCodesExhausted(db, "alpha", phone, at(10_000))).toBe(true);
    expect(await wrongCodesExhausted(db, "beta", phone, at(10_000))).toBe(false);
    expect(await wrongCodesExhausted(db, "alpha", phone, at(3_600_001))).toBe(false);
  });

  it("twenty contact look-ups an hour per address; none counted for an unknown address", async () => {
    for (let i = 0; i < 20; i++) expect((await spendContactCheck(limits, "alpha", "192.0.2.50", at(0))).allowed).toBe(true);
    expect(await spendContactCheck(limits, "alpha", "192.0.2.50", at(1000))).toMatchObject({
      allowed: false,
      bucket: CONTACT_CHECKS_PER_ADDRESS.bucket,
    });
    for (let i = 0; i < 25; i++) expect((await spendContactCheck(limits, "alpha", "unknown", at(0))).allowed).toBe(true);
  });

  it("store no phone or address in clear", async () => {
    const rows = await db.query<{ key: string }>("SELECT key FROM rate_limits");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });
});
