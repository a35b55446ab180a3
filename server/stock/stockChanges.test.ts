import { describe, expect, it } from "vitest";
import { readStockChange, StockChanges, stockChangeMessages } from "./stockChanges";

describe("stock change messages between processes", () => {
  it("name the process, the dealer and at most 100 cars each, every car once", () => {
    const ids = Array.from({ length: 250 }, (_, i) => `car-${i}`);
    const messages = stockChangeMessages("p1", "westside-used", [...ids, "car-0"]);
    expect(messages.map((m) => m.ids.length)).toEqual([100, 100, 50]);
    expect(messages.flatMap((m) => m.ids)).toEqual(ids);
    expect(messages.every((m) => m.from === "p1" && m.tenant === "westside-used")).toBe(true);
    // A change with no cars named is still one message (the dealer catches up).
    expect(stockChangeMessages("p1", "westside-used", [])).toEqual([{ from: "p1", tenant: "westside-used", ids: [] }]);
    // A message of 100 long ids stays under PostgreSQL's 8,000-byte payload.
    const long = stockChangeMessages(
      "0".repeat(36),
      "a-dealer-with-a-long-name",
      Array.from({ length: 100 }, (_, i) => `${i}`.padStart(64, "x")),
    );
    expect(JSON.stringify(long[0]).length).toBeLessThan(8_000);
  });

  it("read what another process said, and nothing else on the channel", () => {
    expect(readStockChange('{"from":"p2","tenant":"coastal-gwm","ids":["a",3,"b"]}')).toEqual({
      from: "p2",
      tenant: "coastal-gwm",
      ids: ["a", "b"],
    });
    expect(readStockChange("not json")).toBeNull();
    expect(readStockChange('{"tenant":"coastal-gwm"}')).toBeNull();
  });

  it("apply another process's change, never this process's own", async () => {
    const applied: string[] = [];
    let hear: (payload: string) => void = () => {};
    const sent: string[] = [];
    const changes = new StockChanges(
      {
        kind: "postgres",
        listen: async (_channel, handlers) => {
          hear = handlers.onMessage;
          return async () => {};
        },
        notify: async (_channel, payload) => void sent.push(payload),
      },
      async (tenant, ids) => void applied.push(`${tenant}:${ids.join(",")}`),
      () => ["coastal-gwm"],
    );
    await changes.start();
    await changes.publish("coastal-gwm", ["car-1"]);
    hear(sent[0]!);
    hear(JSON.stringify({ from: "another", tenant: "coastal-gwm", ids: ["car-2"] }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(applied).toEqual(["coastal-gwm:car-2"]);
    expect(changes.shared).toBe(true);
  });

  it("on the embedded database there is nobody to tell", async () => {
    const changes = new StockChanges(
      { kind: "pglite" },
      async () => {},
      () => [],
    );
    await changes.start();
    await changes.publish("coastal-gwm", ["car-1"]);
    expect(changes.shared).toBe(false);
  });
});
