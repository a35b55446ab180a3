/**
 * The fakes' checking server refuses what the real providers would, and notes it: the fakes built on it
 * (YouX, Turnstile, the geocoder, the trade-in providers) are only as strict as this.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeProvider, type FakeProvider } from "./jsonProviderServer";

describe("fake provider checking server", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({
      apiKey: "key-0123456789",
      endpoints: [
        {
          path: "/json",
          schema: z.object({ n: z.number() }).strict(),
          answer: ({ n }: { n: number }) => ({ status: 200, payload: { twice: n * 2 } }),
        },
        {
          path: "/form",
          fields: "form",
          schema: z.object({ a: z.string() }).strict(),
          answer: () => ({ status: 200, payload: { ok: true } }),
        },
        {
          method: "GET",
          path: "/query",
          fields: "query",
          schema: z.object({ q: z.literal("x") }),
          answer: () => ({ status: 200, payload: {} }),
        },
      ],
    });
  });
  afterAll(() => fake.close());

  const call = (path: string, init: RequestInit = {}, key = "key-0123456789") =>
    fetch(`${fake.url}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
  const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

  it("answers a well-formed request from each endpoint's fields: JSON, a form, the query string", async () => {
    expect(await (await call("/json", json({ n: 21 }))).json()).toEqual({ twice: 42 });
    const form = await call("/form", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(200);
    expect((await call("/query?q=x")).status).toBe(200);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fake.requests[1]!.form).toEqual({ a: "1" });
    expect(fake.problems()).toEqual([]);
  });

  it("refuses, with a noted problem, an unknown path, the wrong method, no key, the wrong body type and fields it does not know", async () => {
    const statuses = [
      (await call("/nowhere", json({ n: 1 }))).status,
      (await call("/json")).status,
      (await call("/json", json({ n: 1 }), "wrong")).status,
      (await call("/json", { method: "POST", body: "n=1", headers: { "content-type": "text/plain" } })).status,
      (await call("/json", json({ n: 1, extra: true }))).status,
      (await call("/query?q=y")).status,
    ];
    expect(statuses).toEqual([404, 405, 401, 415, 400, 400]);
    expect(fake.problems()).toHaveLength(6);
  });

  it("fails on demand, for any path or only the one named", async () => {
    fake.failNext({ status: 503 }, { path: "/form" });
    fake.failNext({ notJson: true });
    const notJson = await call("/json", json({ n: 1 }));
    expect(await notJson.text()).toContain("<html>");
    expect(
      (await call("/form", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })).status,
    ).toBe(503);
    expect((await call("/json", json({ n: 1 }))).status).toBe(200);
  });
});
