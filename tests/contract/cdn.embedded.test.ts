/**
 * The CDN contract on the embedded default: with no CDN configured nothing is in front of the sites, so a
 * purge does nothing, at once, and says so in its name; it is what the platform wires without settings.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createCdnFromEnv, nothingInFront } from "@server/cdn";
import { parseEnv } from "@server/config/env.server";
import { testPlatform } from "../support/testPlatform";
import { describeCdnContract } from "./cdn.contract";

describeCdnContract("nothing in front (embedded)", async () => ({
  cdn: nothingInFront,
  purged: () => null,
  calls: () => null,
  perCall: null,
  close: async () => undefined,
}));

describe("no CDN configured", () => {
  const platforms: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const platform of platforms) await platform.close();
  });

  it("is the default, named for what it does, on the settings and on a whole platform", async () => {
    expect(nothingInFront.name).toBe("nothing-in-front");
    expect(createCdnFromEnv(parseEnv({ DATA_DIR: "/tmp/cdn-env-test" }))).toBe(nothingInFront);
    expect(createCdnFromEnv(parseEnv({ DATA_DIR: "/tmp/cdn-env-test", CDN_PROVIDER: "none" }))).toBe(nothingInFront);
    expect(createCdnFromEnv(parseEnv({ DATA_DIR: "/tmp/cdn-env-test", CDN_PROVIDER: "" }))).toBe(nothingInFront);
    const platform = await testPlatform();
    platforms.push(platform);
    expect(platform.cdn).toBe(nothingInFront);
    await expect(platform.stockChanged("alpha-motors", ["a1"])).resolves.toBeUndefined();
  });
});
