/**
 * Saved searches and alerts end to end, through the parts a shopper and a dealer touch (issue 27): a
 * signed-in shopper saves a results page's search with SMS and consent through the save-search action;
 * the dealer's next import brings a matching car; the alert is found in the background and the alert
 * worker sends one SMS naming the dealer, the car, its price and its page, with "Reply STOP"; the
 * shopper's STOP reply (the SMS webhook) withdraws consent at once, and the next matching car sends
 * nothing. The worker's clock is Sydney's midday so the quiet hours never hold the message.
 */
import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as smsInbound } from "~/routes/api.sms.inbound/route";
import { action as savedSearchesAction } from "~/routes/saved-searches/route";
import { AlertWorker } from "@server/alerts/worker";
import { SMS_OUTBOX_FILE } from "@server/auth/sms";
import { createSession, upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { listSavedSearches } from "@server/db/savedSearches";
import { listShopperAlerts } from "@server/db/shopperAlerts";
import { importStock } from "@server/stock/import";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { testDatabase, testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";

const dealer = testTenant("harbour-motors", { name: "Harbour Motors" });
const SLUG = dealer.slug;
const MOBILE = "+61412990001";
/** 12:00 in Sydney (AEDT) on a summer's day: outside the quiet hours whenever the test runs. */
const SYDNEY_MIDDAY = new Date("2027-01-12T01:00:00Z");

let db: Database;
let platform: TestPlatform;
let cookie = "";
let worker: AlertWorker;

const car = (stocknum: string, model: string, price: number) => ({
  stocknum,
  make: "Toyota",
  model,
  year: 2022,
  price,
  car_type: "used",
  status: "in_stock",
});

/** The dealer's feed imported, then told to the server as the import endpoint tells it. */
async function importRows(rows: ReturnType<typeof car>[]) {
  let changed: string[] = [];
  const result = await importStock({ db, onChanged: (_slug, ids) => void (changed = ids) }, dealer, { rows });
  expect(result.errors).toEqual([]);
  await platform.stockChanged(SLUG, changed);
  await platform.alertDetector.idle();
}

function outbox(): { to: string; body: string; tenant: string }[] {
  const file = path.join(platform.env.dataDir, SMS_OUTBOX_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; tenant: string })
    .filter((m) => m.tenant === SLUG);
}

async function post(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  pathname: string,
  fields: Record<string, string>,
  withCookie = true,
) {
  const request = new Request(`http://${SLUG}.localhost${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${SLUG}.localhost`,
      ...(withCookie ? { Cookie: cookie } : {}),
    },
  });
  try {
    return await loaderResult(action({ request, context: contextFor(platform, request), params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

beforeAll(async () => {
  db = await testDatabase();
  platform = await testPlatform({ db, tenants: [dealer], settings: { ALERT_WORKER: "off" } });
  worker = new AlertWorker({
    db,
    env: platform.env,
    tenant: (slug) => platform.tenants.get(slug),
    sms: platform.sms,
    unsubscribeKey: platform.alertUnsubscribeKey,
    now: () => SYDNEY_MIDDAY,
    gatherMs: 0,
  });
  const user = await upsertUser(db, SLUG, { phone: MOBILE, first_name: "Ava" });
  cookie = `dealer_session=${await createSession(db, SLUG, user.id, 3_600_000)}`;
  // Toyotas in stock already: the results page for Toyota exists before the search is saved.
  await importRows([car("H100", "Corolla", 24_990)]);
});

afterAll(async () => {
  await worker?.stop();
  await platform?.close();
  await db?.close();
});

describe("a saved search, from the save to the shopper's phone", () => {
  it("a matching car imported after the save is one SMS naming the dealer, the car, its price and page; STOP ends them", async () => {
    const saved = await post(savedSearchesAction, "/saved-searches", {
      intent: "save",
      name: "Toyotas",
      channel: "sms",
      email: "",
      consent: "on",
      search_path: "/search/toyota",
    });
    expect(saved.status).toBe(302);
    expect(await listSavedSearches(db, SLUG, MOBILE)).toEqual([expect.objectContaining({ name: "Toyotas", channel: "sms" })]);

    await importRows([car("H100", "Corolla", 24_990), car("H101", "Yaris", 21_500)]);
    const alerts = await listShopperAlerts(db, SLUG, MOBILE);
    expect(alerts.map((a) => [a.kind, a.payload.car.name])).toEqual([["new-arrival", expect.stringContaining("Toyota Yaris")]]);

    const pass = await worker.runOnce();
    expect(pass.messages.map((m) => m.result)).toEqual(["sent"]);
    const [sms] = outbox();
    expect(sms.to).toBe(MOBILE);
    expect(sms.body).toContain("Harbour Motors");
    expect(sms.body).toContain("Yaris");
    expect(sms.body).toContain("$21,500");
    expect(sms.body).toMatch(/https?:\/\/[^ ]+\/cars\/[^ \n]+/);
    expect(sms.body).toContain("Reply STOP to opt out");
    // Sent once: another pass has nothing to send.
    expect((await worker.runOnce()).messages).toEqual([]);

    // The shopper replies STOP: consent is withdrawn at once, and the next matching car sends nothing.
    const stop = await post(smsInbound, "/api/sms/inbound", { From: MOBILE, To: "+61400000000", Body: " stop " }, false);
    expect(stop.status).toBe(200);
    await importRows([car("H102", "Camry", 32_990)]);
    await worker.runOnce();
    expect(outbox()).toHaveLength(1);
    const camry = (await listShopperAlerts(db, SLUG, MOBILE)).find((a) => a.payload.car.name.includes("Camry"));
    expect(camry).toMatchObject({ status: "skipped" });
  });
});
