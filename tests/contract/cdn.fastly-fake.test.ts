/**
 * The CDN contract on the Fastly adapter against the fake purge API (tests/fakes/cdnServer.ts), which
 * checks every request's shape; and what only Fastly does: the service's batch purge with the keys in
 * Surrogate-Key and the token in Fastly-Key, at most 256 keys a call, a 5xx tried again by the outbound
 * helper and then reported, and the token never in an error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CdnPurgeError, createCdnFromEnv, FastlyCdn } from "@server/cdn";
import { parseEnv } from "@server/config/env.server";
import { carTag, dealerTag } from "@server/http/surrogateKeys";
import { startFakeCdn, type FakeCdn } from "../fakes/cdnServer";
import { describeCdnContract } from "./cdn.contract";

describeCdnContract("fastly (fake purge API)", async () => {
  const fake = await startFakeCdn();
  return {
    cdn: new FastlyCdn({ token: fake.token, serviceId: fake.serviceId, apiUrl: fake.url, backoffMs: 0 }),
    purged: () => fake.purged(),
    calls: () => fake.requests.length,
    perCall: 256,
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await fake.close();
    },
  };
});

describe("Fastly adapter", () => {
  let fake: FakeCdn;
  let cdn: FastlyCdn;
  beforeAll(async () => {
    fake = await startFakeCdn();
    cdn = new FastlyCdn({ token: fake.token, serviceId: fake.serviceId, apiUrl: fake.url, backoffMs: 0, timeoutMs: 500 });
  });
  afterAll(() => fake.close());
  const since = (count: number) => fake.requests.slice(count);
  /** The rejection of a purge, checked to name the provider and never the token. */
  const failureOf = async (purge: Promise<void>) => {
    const error = await purge.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CdnPurgeError);
    const text = `${(error as Error).message} ${String((error as Error).cause)} ${JSON.stringify(error)}`;
    expect(text).not.toContain(fake.token);
    expect((error as Error).message).toMatch(/^Fastly purge: /);
    return error as CdnPurgeError;
  };

  it("is chosen by CDN_PROVIDER fastly with its token and service, and refused half set up", () => {
    const settings = { DATA_DIR: "/tmp/cdn-env-test", CDN_API_TOKEN: fake.token, CDN_SERVICE_ID: fake.serviceId, CDN_API_URL: fake.url };
    expect(createCdnFromEnv(parseEnv({ ...settings, CDN_PROVIDER: "fastly" })).name).toBe("fastly");
    expect(() => parseEnv({ ...settings, CDN_PROVIDER: "fastly", CDN_SERVICE_ID: "" })).toThrow(/CDN_PROVIDER fastly needs CDN_SERVICE_ID/);
    expect(() => parseEnv({ ...settings, CDN_PROVIDER: "fastly", CDN_ZONE_ID: "0123456789abcdef0123456789abcdef" })).toThrow(
      /CDN_ZONE_ID is not a setting of CDN_PROVIDER fastly/,
    );
    expect(() => parseEnv({ DATA_DIR: "/tmp/cdn-env-test", CDN_SERVICE_ID: fake.serviceId })).toThrow(
      /CDN_SERVICE_ID is set but CDN_PROVIDER is not/,
    );
    expect(() => parseEnv({ DATA_DIR: "/tmp/cdn-env-test", CDN_API_URL: fake.url })).toThrow(/CDN_API_URL is set but CDN_PROVIDER is not/);
  });

  it("posts to the service's purge with the keys in Surrogate-Key and the token in Fastly-Key, no body, as Fastly expects", async () => {
    const before = fake.requests.length;
    await cdn.purgeTags([dealerTag("alpha-motors"), carTag("a1")]);
    const [sent] = since(before);
    expect(sent).toMatchObject({ provider: "fastly", method: "POST", path: `/service/${fake.serviceId}/purge`, status: 200, problems: [] });
    expect(sent!.headers["fastly-key"]).toBe(fake.token);
    expect(sent!.headers["surrogate-key"]).toBe("dealer-alpha-motors car-a1");
    expect(sent!.headers.authorization).toBeUndefined();
    expect(sent!.body).toBe("");
  });

  it("sends 600 keys as 256, 256 and 88", async () => {
    const before = fake.requests.length;
    await cdn.purgeTags(Array.from({ length: 600 }, (_, i) => carTag(String(i))));
    expect(since(before).map((r) => r.tags.length)).toEqual([256, 256, 88]);
    expect(fake.problems()).toEqual([]);
  });

  it("tries a 5xx again (the outbound helper), then reports it naming the status", async () => {
    let before = fake.requests.length;
    fake.failNext({ status: 500 });
    await expect(cdn.purgeTags([dealerTag("alpha-motors")])).resolves.toBeUndefined();
    expect(since(before).map((r) => r.status)).toEqual([500, 200]);

    before = fake.requests.length;
    fake.failNext({ status: 503 }, 3);
    const error = await failureOf(cdn.purgeTags([dealerTag("alpha-motors")]));
    expect(error.message).toBe("Fastly purge: HTTP 503");
    expect(error.unpurged).toEqual(["dealer-alpha-motors"]);
    expect(since(before).map((r) => r.status)).toEqual([503, 503, 503]);
  });

  it("reports a wrong token, an answer that is not Fastly's or not JSON, and an API it cannot reach, never with the token", async () => {
    fake.failNext({ body: ["not", "an", "object"] });
    expect((await failureOf(cdn.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/not Fastly's/);
    fake.failNext({ notJson: true });
    expect((await failureOf(cdn.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/not JSON/);
    const wrongToken = new FastlyCdn({ token: "another-token-0123456789", serviceId: fake.serviceId, apiUrl: fake.url, backoffMs: 0 });
    const refused = await wrongToken.purgeTags(["dealer-alpha-motors"]).catch((e: Error) => e);
    expect((refused as Error).message).toBe("Fastly purge: HTTP 401");
    expect((refused as Error).message).not.toContain("another-token-0123456789");
    const nowhere = new FastlyCdn({
      token: fake.token,
      serviceId: fake.serviceId,
      apiUrl: "http://127.0.0.1:9",
      backoffMs: 0,
      timeoutMs: 300,
    });
    expect((await failureOf(nowhere.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/network error|no answer/);
  });
});
