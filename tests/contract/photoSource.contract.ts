/**
 * The photo source contract (server/images/port.ts PhotoSource), run against the fake dealer photo host
 * (tests/fakes/imageHostServer.ts): the photo's bytes from an allowed host; nothing asked of a host that
 * is not allowed, also through a redirect; a missing photo, a slow host and a source over the byte limit
 * are each named failures, and `fetch` never throws.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhotoSource } from "@server/images/port";
import { startFakeImageHost, type FakeImageHost } from "../fakes/imageHostServer";

/** The adapter under test with a 400 ms time limit and a 2 MB byte limit. */
export function describePhotoSourceContract(name: string, create: () => PhotoSource) {
  describe(`PhotoSource contract: ${name}`, () => {
    let host: FakeImageHost;
    let source: PhotoSource;
    const onlyHost = (url: string) => new URL(url).origin === host.origin;
    beforeAll(async () => {
      host = await startFakeImageHost({ hugeBytes: 3 * 1024 * 1024, slowMs: 1_500 });
      source = create();
    });
    afterAll(() => host.close());

    it("brings the photo's bytes from an allowed host, following a redirect on it", async () => {
      for (const file of ["car.jpg", "moved.jpg"]) {
        const fetched = await source.fetch(`${host.origin}/${file}`, onlyHost);
        expect(fetched.ok, file).toBe(true);
        if (fetched.ok) expect(fetched.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      }
    });

    it("asks nothing of a host that is not allowed, and stops at a redirect to one", async () => {
      const asked = host.requests.length;
      expect(await source.fetch(`${host.origin}/car.jpg`, () => false)).toEqual({ ok: false, reason: "not-allowed" });
      expect(host.requests.length).toBe(asked);
      expect(await source.fetch(`${host.origin}/away.jpg`, onlyHost)).toEqual({ ok: false, reason: "not-allowed" });
    });

    it("asks nothing of a host only a stock feed vouches for when it is on this machine (a feed cannot aim the server at itself)", async () => {
      const asked = host.requests.length;
      expect(await source.fetch(`${host.origin}/car.jpg`, () => "if-public")).toEqual({ ok: false, reason: "not-allowed" });
      expect(host.requests.length).toBe(asked);
    });

    it("names each failure: missing, too slow, too large; an unreachable host never throws", async () => {
      expect(await source.fetch(`${host.origin}/gone.jpg`, onlyHost)).toEqual({ ok: false, reason: "missing" });
      expect(await source.fetch(`${host.origin}/slow.jpg`, onlyHost)).toEqual({ ok: false, reason: "timeout" });
      expect(await source.fetch(`${host.origin}/huge.jpg`, onlyHost)).toEqual({ ok: false, reason: "too-large" });
      expect(await source.fetch("http://127.0.0.1:1/car.jpg", () => true)).toEqual({ ok: false, reason: "unreachable" });
    });
  });
}
