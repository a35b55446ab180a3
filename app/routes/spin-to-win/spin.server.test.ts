/**
 * /spin-to-win's loader and action as Remix calls them, on an embedded database: 404 where the dealer
 * has no wheel, sign-in with type spin-to-win for a signed-out shopper (gated dealer or not), one spin
 * per phone per campaign even when two spins arrive at once, and the dealer's 'Spin to Win' lead.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession, upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import type { TenantConfig } from "@server/tenants/schema";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type DataOf, type LoaderResult } from "../../../tests/support/loaderResult";
import { testTenant } from "../../../tests/support/testTenant";
import { action, loader } from "./route";

const wheel = {
  campaign: "Winter wheel",
  prizes: [
    { label: "Free tint", weight: 1 },
    { label: "Fuel card", weight: 1 },
  ],
  terms: "One spin per phone.",
};
const gated = testTenant("gated-motors", {
  features: { spinToWin: true },
  gating: { enabled: true, kinds: ["spin-to-win"] },
  spinToWin: wheel,
});
const open = testTenant("open-motors", { features: { spinToWin: true }, spinToWin: wheel });
const off = testTenant("plain-motors", { spinToWin: wheel });
const empty = testTenant("empty-motors", { features: { spinToWin: true } });
const PHONE = "+61412345678";

let db: Database;
let platform: TestPlatform;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [gated, open, off, empty] });
  for (const dealer of [gated, open, off, empty]) {
    const user = await upsertUser(db, dealer.slug, { phone: PHONE, first_name: "Ava", last_name: "Lee", email: "ava@example.com" });
    cookies[dealer.slug] = `dealer_session=${await createSession(db, dealer.slug, user.id, 60_000)}`;
  }
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  await db.query("DELETE FROM prize_spins");
});

async function run<R>(fn: () => Promise<R>): Promise<LoaderResult<DataOf<R>>> {
  try {
    return await loaderResult(fn());
  } catch (thrown) {
    if (thrown instanceof Response) return (await loaderResult(thrown)) as LoaderResult<DataOf<R>>;
    throw thrown;
  }
}

function request(dealer: TenantConfig, init: RequestInit & { signedIn?: boolean } = {}) {
  const { signedIn = true, ...rest } = init;
  return new Request(`http://${dealer.slug}.localhost/spin-to-win`, {
    ...rest,
    headers: { ...(signedIn ? { Cookie: cookies[dealer.slug] } : {}), ...(rest.headers as Record<string, string> | undefined) },
  });
}

const view = (dealer: TenantConfig, signedIn = true) => {
  const r = request(dealer, { signedIn });
  return run(() => loader({ request: r, context: contextFor(platform, r), params: {} }));
};
const spin = (dealer: TenantConfig, body: BodyInit = new URLSearchParams({ intent: "spin" }), signedIn = true) => {
  const r = request(dealer, { method: "POST", body, signedIn, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  return run(() => action({ request: r, context: contextFor(platform, r), params: {} }));
};

describe("/spin-to-win", () => {
  it("is not found where the dealer has no prize wheel", async () => {
    expect((await view(off)).status).toBe(404);
    expect((await spin(off)).status).toBe(404);
  });

  it("sends a signed-out shopper to sign in with type spin-to-win, gated or not", async () => {
    for (const dealer of [gated, open]) {
      for (const response of [await view(dealer, false), await spin(dealer, undefined, false)]) {
        expect(response.status).toBe(302);
        const to = new URL(response.headers.get("Location")!, "http://x");
        expect(to.pathname).toBe("/sign-in");
        expect(to.searchParams.get("type")).toBe("spin-to-win");
        expect(to.searchParams.get("redirect")).toBe("/spin-to-win");
      }
    }
  });

  it("draws one prize per phone, shows it again on a second spin, and files the dealer's lead", async () => {
    const before = (await view(open)).data;
    expect(before).toMatchObject({ campaign: "Winter wheel", prizes: ["Free tint", "Fuel card"], prize: null });
    const first = (await spin(open)).data;
    expect(first.fresh).toBe(true);
    expect(["Free tint", "Fuel card"]).toContain(first.prize);
    const again = (await spin(open)).data;
    expect(again).toEqual({ prize: first.prize, fresh: false, error: null, dealerLead: null });
    expect((await view(open)).data.prize).toBe(first.prize);
    const leads = (await listLeads(db, open.slug)).filter((l) => l.category === "Spin to Win");
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ phone: PHONE, payload: expect.objectContaining({ prize: first.prize, campaign: "Winter wheel" }) });
  });

  it("keeps one spin per phone when several arrive at once", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => spin(gated).then((r) => r.data)));
    expect(new Set(results.map((r) => r.prize)).size).toBe(1);
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(await db.query("SELECT * FROM prize_spins WHERE tenant = $1", [gated.slug])).toHaveLength(1);
    expect((await listLeads(db, gated.slug)).filter((l) => l.category === "Spin to Win")).toHaveLength(1);
  });

  it("never fails on an odd body, and says so when the wheel has no prizes", async () => {
    for (const body of ["{not json", "", "intent=%%%"]) expect((await spin(open, body)).status).toBe(200);
    const none = await spin(empty);
    expect(none.status).toBe(200);
    expect(none.data.error).toMatch(/isn't ready/);
  });
});
