/**
 * The CDN contract on the Cloudflare adapter against the fake purge API (tests/fakes/cdnServer.ts), which
 * checks every request's shape; and what only Cloudflare does: purge_cache on the zone with the bearer
 * token and `{"tags":[...]}`, at most 30 tags a call, a 5xx tried again by the outbound helper and then
 * reported, Cloudflare's `success: false` reported, and the token never in an error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CdnPurgeError, CloudflareCdn, createCdnFromEnv } from "@server/cdn";
import { parseEnv } from "@server/config/env.server";
import { carTag, dealerTag } from "@server/http/surrogateKeys";
import { startFakeCdn, type FakeCdn } from "../fakes/cdnServer";
import { describeCdnContract } from "./cdn.contract";

describeCdnContract("cloudflare (fake purge API)", async () => {
  const fake = await startFakeCdn();
  return {
    cdn: new CloudflareCdn({ token: fake.token, zoneId: fake.zoneId, apiUrl: fake.url, backoffMs: 0 }),
    purged: () => fake.purged(),
    calls: () => fake.requests.length,
    perCall: 30,
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await fake.close();
    },
  };
});

describe("Cloudflare adapter", () => {
  let fake: FakeCdn;
  let cdn: CloudflareCdn;
  beforeAll(async () => {
    fake = await startFakeCdn();
    cdn = new CloudflareCdn({ token: fake.token, zoneId: fake.zoneId, apiUrl: fake.url, backoffMs: 0, timeoutMs: 500 });
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
    expect((error as Error).message).toMatch(/^Cloudflare purge_cache: /);
    return error as CdnPurgeError;
  };

  it("is chosen by CDN_PROVIDER cloudflare with its token and zone, and refused half set up", () => {
    const settings = { DATA_DIR: "/tmp/cdn-env-test", CDN_API_TOKEN: fake.token, CDN_ZONE_ID: fake.zoneId, CDN_API_URL: fake.url };
    expect(createCdnFromEnv(parseEnv({ ...settings, CDN_PROVIDER: "cloudflare" })).name).toBe("cloudflare");
    const refusals: [Record<string, string>, RegExp][] = [
      [{ ...settings, CDN_PROVIDER: "cloudflare", CDN_ZONE_ID: "" }, /CDN_PROVIDER cloudflare needs CDN_ZONE_ID/],
      [{ ...settings, CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: "" }, /CDN_PROVIDER cloudflare needs CDN_API_TOKEN/],
      [
        { ...settings, CDN_PROVIDER: "cloudflare", CDN_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY" },
        /CDN_SERVICE_ID is not a setting of CDN_PROVIDER cloudflare/,
      ],
      [{ ...settings, CDN_ZONE_ID: "" }, /CDN_API_TOKEN is set but CDN_PROVIDER is not/],
      [{ ...settings, CDN_PROVIDER: "cloudflare", CDN_ZONE_ID: "not-a-zone" }, /CDN_ZONE_ID: must be a Cloudflare zone id/],
      [{ ...settings, CDN_PROVIDER: "akamai" }, /CDN_PROVIDER/],
    ];
    for (const [env, message] of refusals) {
      const refusal = (() => {
        try {
          parseEnv(env);
          return "";
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(refusal).toMatch(message);
      expect(refusal).not.toContain(fake.token);
    }
  });

  it("posts the tags as JSON to the zone's purge_cache with the bearer token, as Cloudflare expects", async () => {
    const before = fake.requests.length;
    await cdn.purgeTags([dealerTag("alpha-motors"), carTag("a1")]);
    const [sent] = since(before);
    expect(sent).toMatchObject({
      provider: "cloudflare",
      method: "POST",
      path: `/client/v4/zones/${fake.zoneId}/purge_cache`,
      status: 200,
      problems: [],
    });
    expect(sent!.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(sent!.body)).toEqual({ tags: ["dealer-alpha-motors", "car-a1"] });
  });

  it("sends 65 tags as 30, 30 and 5", async () => {
    const before = fake.requests.length;
    await cdn.purgeTags(Array.from({ length: 65 }, (_, i) => carTag(String(i))));
    expect(since(before).map((r) => r.tags.length)).toEqual([30, 30, 5]);
    expect(fake.problems()).toEqual([]);
  });

  it("tries a 5xx again (the outbound helper), then reports it naming the status", async () => {
    let before = fake.requests.length;
    fake.failNext({ status: 503 });
    await expect(cdn.purgeTags([dealerTag("alpha-motors")])).resolves.toBeUndefined();
    expect(since(before).map((r) => r.status)).toEqual([503, 200]);

    before = fake.requests.length;
    fake.failNext({ status: 502 }, 3);
    const error = await failureOf(cdn.purgeTags([dealerTag("alpha-motors")]));
    expect(error.message).toBe("Cloudflare purge_cache: HTTP 502");
    expect(error.unpurged).toEqual(["dealer-alpha-motors"]);
    expect(since(before).map((r) => r.status)).toEqual([502, 502, 502]);
  });

  it("purges the other batches when one fails, and reports which tags were not purged", async () => {
    const before = fake.requests.length;
    fake.failNext({ status: 400 });
    const tags = Array.from({ length: 35 }, (_, i) => carTag(`b${i}`));
    const error = await failureOf(cdn.purgeTags(tags));
    expect(error.message).toBe("Cloudflare purge_cache: HTTP 400 (1 of 2 purge calls failed)");
    expect(error.unpurged).toEqual(tags.slice(0, 30));
    expect(since(before).map((r) => r.status)).toEqual([400, 200]);
  });

  it("reports a refusal (success: false), a wrong token, an answer that is not JSON and an API it cannot reach, never with the token", async () => {
    fake.failNext({ body: { success: false, errors: [{ code: 1134, message: "purge by tag not allowed" }], messages: [], result: null } });
    expect((await failureOf(cdn.purgeTags(["dealer-alpha-motors"]))).message).toBe("Cloudflare purge_cache: refused (error 1134)");
    fake.failNext({ body: { ok: true } });
    expect((await failureOf(cdn.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/not Cloudflare's/);
    fake.failNext({ notJson: true });
    expect((await failureOf(cdn.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/not JSON/);
    const wrongToken = new CloudflareCdn({ token: "another-token-0123456789", zoneId: fake.zoneId, apiUrl: fake.url, backoffMs: 0 });
    const refused = await wrongToken.purgeTags(["dealer-alpha-motors"]).catch((e: Error) => e);
    expect((refused as Error).message).toBe("Cloudflare purge_cache: HTTP 403");
    expect((refused as Error).message).not.toContain("another-token-0123456789");
    const nowhere = new CloudflareCdn({
      token: fake.token,
      zoneId: fake.zoneId,
      apiUrl: "http://127.0.0.1:9",
      backoffMs: 0,
      timeoutMs: 300,
    });
    expect((await failureOf(nowhere.purgeTags(["dealer-alpha-motors"]))).message).toMatch(/network error|no answer/);
  });
});
