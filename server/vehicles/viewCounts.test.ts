import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { createViewCounts } from "./viewCounts";

/** A database whose vehicle_views holds `totals`, counting the reads, failing while `down`. */
function fakeDb(totals: Record<string, number>) {
  const state = { reads: 0, down: false };
  const db: Queryable = {
    async query<T>(_sql: string, params: unknown[] = []): Promise<T[]> {
      state.reads++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (state.down) throw new Error("database unavailable");
      const views = totals[`${String(params[0])}/${String(params[1])}`];
      return (views === undefined ? [] : [{ views }]) as T[];
    },
  };
  return { db, state };
}

describe("view counts as the vehicle page shows them", () => {
  it("reads a car's total once a minute, then again", async () => {
    let now = 0;
    const { db, state } = fakeDb({ "summit/c1": 7 });
    const counts = createViewCounts(db, { clock: () => now });
    expect(await counts.of("summit", "c1")).toBe(7);
    now = 59_999;
    expect(await counts.of("summit", "c1")).toBe(7);
    expect(state.reads).toBe(1);
    now = 60_000;
    expect(await counts.of("summit", "c1")).toBe(7);
    expect(state.reads).toBe(2);
  });

  it("keeps dealers and cars apart, and a car never viewed is 0", async () => {
    const { db } = fakeDb({ "summit/c1": 7, "coastal/c1": 3 });
    const counts = createViewCounts(db);
    expect([await counts.of("summit", "c1"), await counts.of("coastal", "c1"), await counts.of("summit", "c2")]).toEqual([7, 3, 0]);
  });

  it("shares one read between pages rendered at once", async () => {
    const { db, state } = fakeDb({ "summit/c1": 7 });
    const counts = createViewCounts(db);
    expect(await Promise.all([counts.of("summit", "c1"), counts.of("summit", "c1"), counts.of("summit", "c1")])).toEqual([7, 7, 7]);
    expect(state.reads).toBe(1);
  });

  it("shows a view counted through this process at once", async () => {
    const { db, state } = fakeDb({ "summit/c1": 7 });
    const counts = createViewCounts(db);
    expect(await counts.of("summit", "c1")).toBe(7);
    counts.counted("summit", "c1", 8);
    expect(await counts.of("summit", "c1")).toBe(8);
    expect(state.reads).toBe(1);
  });

  it("does not keep a failed read: the next page asks again", async () => {
    const { db, state } = fakeDb({ "summit/c1": 7 });
    const counts = createViewCounts(db);
    state.down = true;
    await expect(counts.of("summit", "c1")).rejects.toThrow("database unavailable");
    state.down = false;
    expect(await counts.of("summit", "c1")).toBe(7);
    expect(state.reads).toBe(2);
  });

  it("keeps at most maxCars figures, dropping the oldest read", async () => {
    const { db, state } = fakeDb({ "summit/a": 1, "summit/b": 2, "summit/c": 3 });
    const counts = createViewCounts(db, { maxCars: 2 });
    for (const car of ["a", "b", "c"]) await counts.of("summit", car);
    expect(state.reads).toBe(3);
    await counts.of("summit", "c");
    await counts.of("summit", "b");
    expect(state.reads).toBe(3);
    expect(await counts.of("summit", "a")).toBe(1);
    expect(state.reads).toBe(4);
  });
});
