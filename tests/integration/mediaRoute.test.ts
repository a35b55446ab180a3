import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/media.$/route";

const get = (splat: string) =>
  loader({ params: { "*": splat }, request: new Request(`http://localhost/media/${splat}`), context: {} } as unknown as Parameters<
    typeof loader
  >[0]);

describe("GET /media/*", () => {
  it("serves a vehicle drawing as a year-long cacheable SVG", async () => {
    const response = await get("vehicles/ute/f2f3f1/exterior-3.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await response.text();
    expect(body.startsWith("<svg")).toBe(true);
    // The same URL always draws the same picture.
    expect(await (await get("vehicles/ute/f2f3f1/exterior-3.svg")).text()).toBe(body);
  });

  it("serves thumbnails, interiors, the turntable and the placeholder", async () => {
    for (const path of [
      "vehicles/suv/2b2b2e/thumb-exterior-0.svg",
      "vehicles/suv/9a6b43/interior-12.svg",
      "vehicles/motorcycle/1f47a3/walkaround.svg",
      "placeholder/new-arrival.svg",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    }
  });

  it("answers 404, never an error, for an unknown body, a bad colour, angle or view", async () => {
    for (const path of [
      "vehicles/tank/ffffff/exterior-3.svg",
      "vehicles/suv/zzzzzz/exterior-3.svg",
      "vehicles/suv/ffffff/exterior-99.svg",
      "vehicles/suv/ffffff/top-3.svg",
      "nothing",
      "reports/%2e%2e.pdf",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
    }
  });
});
