import { describe, expect, it } from "vitest";
import { oncePer } from "./oncePer";

describe("a value made once per object", () => {
  it("is built on the first call and the same value after, for that object only", () => {
    let builds = 0;
    const nameOf = oncePer((dealer: { slug: string }) => ({ name: `${dealer.slug} (${++builds})` }));
    const summit = { slug: "summit" };
    const first = nameOf(summit);
    expect(nameOf(summit)).toBe(first);
    expect(first.name).toBe("summit (1)");
    // Another object, even one that looks the same, is built anew.
    expect(nameOf({ slug: "summit" }).name).toBe("summit (2)");
  });

  it("keeps a value that is falsy", () => {
    let builds = 0;
    const none = oncePer((_: object) => {
      builds++;
      return undefined;
    });
    const key = {};
    none(key);
    none(key);
    expect(builds).toBe(1);
  });

  it("keeps nothing when the build throws, so the next call tries again", () => {
    let fail = true;
    const made = oncePer((_: object) => {
      if (fail) throw new Error("bad setting");
      return "ok";
    });
    const key = {};
    expect(() => made(key)).toThrow("bad setting");
    fail = false;
    expect(made(key)).toBe("ok");
  });
});
