import { data } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { asJsonResponse } from "./dataAnswer";

describe("asJsonResponse", () => {
  it("sends data() as JSON with its status and headers, and a Response as it is", async () => {
    const response = await asJsonResponse(data({ car: { available: true } }, { status: 503, headers: { "Retry-After": "30" } }));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ car: { available: true } });
    const own = new Response("hello");
    expect(await asJsonResponse(own)).toBe(own);
  });

  it("sends a plain value as JSON with a 200", async () => {
    const response = await asJsonResponse(Promise.resolve({ cars: 3 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cars: 3 });
  });
});
