/**
 * The fake CDN purge API refuses what Cloudflare and Fastly would, and notes it: the adapters' tests are
 * only as strict as this.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCdn, type FakeCdn } from "./cdnServer";

describe("fake CDN purge API", () => {
  let fake: FakeCdn;
  beforeAll(async () => {
    fake = await startFakeCdn();
  });
  afterAll(() => fake.close());

  const cloudflare = (body: unknown, headers: Record<string, string> = {}, path = `/client/v4/zones/${fake.zoneId}/purge_cache`) =>
    fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const fastly = (keys: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(`${fake.url}/service/${fake.serviceId}/purge`, {
      method: "POST",
      headers: { "fastly-key": fake.token, "surrogate-key": keys, ...headers },
      ...init,
    });

  it("accepts each provider's well-formed purge and answers as it would", async () => {
    const one = await cloudflare({ tags: ["dealer-a", "car-1"] });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ success: true, errors: [], result: { id: expect.any(String) } });
    const two = await fastly("dealer-a car-2");
    expect(two.status).toBe(200);
    expect(Object.keys((await two.json()) as object)).toEqual(["dealer-a", "car-2"]);
    expect(fake.purged()).toEqual(["dealer-a", "car-1", "dealer-a", "car-2"]);
    expect(fake.problems()).toEqual([]);
  });

  it("refuses, with a noted problem, what the providers refuse", async () => {
    const before = fake.requests.length;
    const statuses = [
      (await fetch(`${fake.url}/client/v4/zones/${fake.zoneId}/purge_cache`)).status,
      (await cloudflare({ tags: ["a"] }, {}, "/client/v4/zones/ffffffffffffffffffffffffffffffff/purge_cache")).status,
      (await cloudflare({ tags: ["a"] }, { authorization: "Bearer wrong" })).status,
      (await cloudflare("tags=a", { "content-type": "application/x-www-form-urlencoded" })).status,
      (await cloudflare({ tags: ["a"], purge_everything: true })).status,
      (await cloudflare({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) })).status,
      (await cloudflare({ tags: ["a,b"] })).status,
      (await cloudflare({ tags: [] })).status,
      (await fastly("a", { "fastly-key": "wrong" })).status,
      (await fastly(Array.from({ length: 257 }, (_, i) => `t${i}`).join(" "))).status,
      (await fastly("")).status,
      (await fastly("Upper")).status,
      (await fetch(`${fake.url}/purge/everything`, { method: "POST" })).status,
    ];
    expect(statuses).toEqual([405, 404, 403, 400, 400, 400, 400, 400, 401, 400, 400, 400, 404]);
    expect(fake.requests.slice(before).every((r) => r.problems.length === 1)).toBe(true);
    expect(fake.purged()).toHaveLength(4);
  });

  it("notes a token sent in the other provider's header, and a body sent to Fastly", async () => {
    const before = fake.problems().length;
    await cloudflare({ tags: ["a"] }, { "fastly-key": fake.token });
    await fastly("a", { authorization: `Bearer ${fake.token}` });
    await fastly("a", {}, { body: JSON.stringify({ surrogate_keys: ["a"] }) });
    expect(fake.problems().slice(before)).toHaveLength(3);
  });

  it("fails on demand once the request is well formed, and waits for requests", async () => {
    fake.failNext({ status: 503 }, 2);
    expect((await cloudflare({ tags: ["a"] })).status).toBe(503);
    expect((await fastly("a")).status).toBe(503);
    expect((await fastly("a")).status).toBe(200);
    fake.failNext({ notJson: true });
    expect(await (await fastly("a")).text()).toMatch(/maintenance/);
    const waiting = fake.waitForRequests(fake.requests.length + 1);
    await fastly("b");
    await expect(waiting).resolves.toBeDefined();
    await expect(fake.waitForRequests(fake.requests.length + 1, 50)).rejects.toThrow(/within 50 ms/);
  });
});
