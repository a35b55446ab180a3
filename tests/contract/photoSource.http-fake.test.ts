/** The photo source contract on the HTTP adapter, against the fake dealer photo host. */
import { describe, expect, it } from "vitest";
import { createHttpPhotoSource } from "@server/images/httpPhotoSource";
import { startFakeImageHost } from "../fakes/imageHostServer";
import { describePhotoSourceContract } from "./photoSource.contract";

describePhotoSourceContract("HTTP", () => createHttpPhotoSource({ timeoutMs: 400, maxBytes: 2 * 1024 * 1024 }));

describe("HTTP photo source: a host only a feed vouches for", () => {
  it("is asked once its name resolves to public addresses only, and never otherwise", async () => {
    const host = await startFakeImageHost({});
    try {
      const asked: string[] = [];
      const publicSource = createHttpPhotoSource({ isPublicHost: async (name) => (asked.push(name), true) });
      const fetched = await publicSource.fetch(`${host.origin}/car.jpg`, () => "if-public");
      expect(fetched.ok).toBe(true);
      expect(asked).toEqual(["127.0.0.1"]);
      const privateSource = createHttpPhotoSource({ isPublicHost: async () => false });
      const before = host.requests.length;
      expect(await privateSource.fetch(`${host.origin}/car.jpg`, () => "if-public")).toEqual({ ok: false, reason: "not-allowed" });
      expect(host.requests.length).toBe(before);
      // A host the dealer named itself is asked without the check.
      expect((await privateSource.fetch(`${host.origin}/car.jpg`, () => true)).ok).toBe(true);
    } finally {
      await host.close();
    }
  });
});
