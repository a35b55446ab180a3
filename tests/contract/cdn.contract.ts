/**
 * The CDN contract (server/cdn/port.ts): the Cloudflare and Fastly adapters (against the fake purge API,
 * tests/fakes/cdnServer.ts) and the embedded default must all pass it. A purge of the tags the answers
 * carry resolves; each tag goes once, in as few calls as the provider allows; an empty purge makes no
 * call; a tag no answer could carry is left out rather than refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carTag, dealerTag } from "@server/http/surrogateKeys";
import type { Cdn } from "@server/cdn/port";

export interface CdnHarness {
  cdn: Cdn;
  /** Tags the CDN accepted so far, in order; null when nothing is in front to see a purge. */
  purged(): string[] | null;
  /** Purge calls made so far (null as above). */
  calls(): number | null;
  /** The provider's limit of tags per call (null as above). */
  perCall: number | null;
  close(): Promise<void>;
}

export function describeCdnContract(name: string, setup: () => Promise<CdnHarness>) {
  describe(`CDN contract: ${name}`, () => {
    let harness: CdnHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("purges a dealer's tag and its cars', each once", async () => {
      const before = harness.purged()?.length ?? 0;
      await expect(harness.cdn.purgeTags([dealerTag("alpha-motors"), carTag("a1"), carTag("a2"), carTag("a1")])).resolves.toBeUndefined();
      const purged = harness.purged();
      if (purged !== null) expect(purged.slice(before)).toEqual(["dealer-alpha-motors", "car-a1", "car-a2"]);
    });

    it("makes no call for no tags", async () => {
      const before = harness.calls();
      await expect(harness.cdn.purgeTags([])).resolves.toBeUndefined();
      expect(harness.calls()).toBe(before);
    });

    it("sends past the provider's limit in as few calls as it allows, every tag once", async () => {
      const perCall = harness.perCall ?? 30;
      const tags = Array.from({ length: perCall * 2 + 5 }, (_, i) => carTag(`batch-${i}`));
      const [calls, purged] = [harness.calls(), harness.purged()?.length ?? 0];
      await expect(harness.cdn.purgeTags(tags)).resolves.toBeUndefined();
      if (calls === null) return expect(harness.purged()).toBeNull();
      expect(harness.calls()! - calls).toBe(3);
      expect(harness.purged()!.slice(purged)).toEqual(tags);
    });

    it("leaves out a tag no answer could carry (a separator, upper case, nothing), without failing the rest", async () => {
      const before = harness.purged()?.length ?? 0;
      await expect(harness.cdn.purgeTags(["Dealer-Alpha", "car-a1,car-a2", "car a3", "", dealerTag("beta-cars")])).resolves.toBeUndefined();
      if (harness.purged() !== null) expect(harness.purged()!.slice(before)).toEqual(["dealer-beta-cars"]);
    });
  });
}
