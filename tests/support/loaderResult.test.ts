import { data, json, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loaderResult } from "./loaderResult";

describe("loaderResult", () => {
  it("reads a plain value as a 200 with no headers, Dates and all", async () => {
    const when = new Date("2026-01-02T03:04:05Z");
    const result = await loaderResult(Promise.resolve({ cars: 3, when }));
    expect(result.status).toBe(200);
    expect([...result.headers]).toEqual([]);
    expect(result.data).toEqual({ cars: 3, when });
  });

  it("reads data()'s status and headers, and its data as it is", async () => {
    const result = await loaderResult(data({ error: "No such postcode" }, { status: 422, headers: { "Cache-Control": "no-store" } }));
    expect(result.status).toBe(422);
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    expect(result.data).toEqual({ error: "No such postcode" });
    expect((await loaderResult(data({ ok: true }))).status).toBe(200);
    expect((await loaderResult(data({ ok: true }, 404))).status).toBe(404);
  });

  it("reads a Response's status, headers and body: JSON when it says so, text otherwise, null when empty", async () => {
    const answer = await loaderResult(json({ ok: false }, { status: 401, headers: { "X-Test": "1" } }));
    expect([answer.status, answer.headers.get("X-Test"), answer.data]).toEqual([401, "1", { ok: false }]);
    const text = await loaderResult(new Response("Not found", { status: 404 }));
    expect([text.status, text.data]).toEqual([404, "Not found"]);
    const moved = await loaderResult(redirect("/garage"));
    expect([moved.status, moved.headers.get("Location"), moved.data]).toEqual([302, "/garage", null]);
  });
});
