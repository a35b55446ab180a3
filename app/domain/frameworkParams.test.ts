import { describe, expect, it } from "vitest";
import { isFrameworkParam, withoutFrameworkParams } from "./frameworkParams";

describe("the framework's own query parameters", () => {
  it("are single fetch's _routes, an index route's index and the old _data, nothing of the shopper's", () => {
    for (const name of ["_routes", "index", "_data"]) expect(isFrameworkParam(name)).toBe(true);
    for (const name of ["utm_source", "car_id", "routes", "data", "page"]) expect(isFrameworkParam(name)).toBe(false);
  });

  it("leave an address with the shopper's own query as written, and the address given untouched", () => {
    const asked = new URL("http://summit.localhost/my-garage");
    asked.search = `${new URLSearchParams({ removed: "car-1", _routes: "root,routes/my-garage", index: "", _data: "root", utm_source: "sms" })}`;
    expect(withoutFrameworkParams(asked).href).toBe("http://summit.localhost/my-garage?removed=car-1&utm_source=sms");
    expect(asked.searchParams.has("_routes")).toBe(true);
  });
});
