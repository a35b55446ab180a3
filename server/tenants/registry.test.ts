import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minimalTenantInput, writeTenantsDir } from "../../tests/support/testTenant";
import { loadTenantsFromDir, normaliseHost, parseTenantConfig, TenantConfigError, TenantRegistry } from "./registry";

describe("tenant config defaults", () => {
  it("fills the specs' defaults", () => {
    const t = parseTenantConfig(minimalTenantInput("test-motors"), "tenants/test-motors/tenant.json");
    expect(t.search.pageSize).toBe(21);
    expect(t.search.soldWindowDays).toBe(3);
    expect(t.search.makesShown).toBe(7);
    expect(t.search.modelsPerMake).toBe(30);
    expect(t.noPriceText).toBe("Enquire for price.");
    expect(t.reserveDepositLabel).toBe("$200");
    expect(t.paths.refresh).toBe("/special-offers");
    expect(t.paths.searchPrefix).toBe("/search");
    expect(t.gallery.defaultView).toBe("spinner");
    expect(t.finance.quote).toMatchObject({ priceMin: 10000, priceMax: 200000, priceDefault: 30000 });
    expect(t.finance.calculator).toMatchObject({ amountMin: 1000, amountMax: 100000, amountStep: 500, termMax: 7, termDefault: 6, interestMin: 0.5, interestMax: 15, interestDefault: 10 });
    expect(t.gating.kinds).toEqual(["trade-in", "checkout", "finance", "spin-to-win", "online-payment", "car-finance", "my-garage"]);
    expect(t.menus.header.map((m) => m.label)).toEqual(["Home", "Vehicles", "Stock", "Offers", "Service", "Finance Enquiry", "Company"]);
  });

  it("names the file and the field when a value is wrong", () => {
    const bad = minimalTenantInput("test-motors", { search: { pageSize: "lots" }, theme: { brand: "red" } });
    try {
      parseTenantConfig(bad, "tenants/test-motors/tenant.json");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TenantConfigError);
      const message = (error as Error).message;
      expect(message).toContain("tenants/test-motors/tenant.json");
      expect(message).toContain("search.pageSize");
      expect(message).toContain("theme.brand");
    }
  });

  it("reads the dealer's stock feed settings: a built-in profile with its own columns, an address pulled on schedule", () => {
    const plain = parseTenantConfig(minimalTenantInput("test-motors"), "tenants/test-motors/tenant.json");
    expect(plain.stock.feed).toEqual({ profile: "platform", columns: {}, everyMinutes: 60, markMissingSold: true });
    const feed = { profile: "dms", columns: { km: "Odo", price: ["Web Price", "Price"] }, url: "https://feeds.example.com.au/stock.csv" };
    expect(parseTenantConfig(minimalTenantInput("test-motors", { stock: { feed } }), "t.json").stock.feed).toMatchObject(feed);
    for (const [bad, field] of [
      [{ profile: "autotrader" }, "stock.feed.profile"],
      [{ columns: { kilometres: "Odo" } }, "stock.feed.columns"],
      [{ url: "ftp://feeds.example.com/stock.csv" }, "stock.feed.url"],
      [{ url: "https://dealer:secret@feeds.example.com/stock.csv" }, "stock.feed.url"],
      [{ everyMinutes: 1 }, "stock.feed.everyMinutes"],
      [{ colums: { km: "Odo" } }, "stock.feed"],
    ] as const) {
      expect(() => parseTenantConfig(minimalTenantInput("test-motors", { stock: { feed: bad } }), "t.json"), field).toThrow(field);
    }
  });

  it("rejects a slug that does not match its folder", () => {
    expect(() => parseTenantConfig(minimalTenantInput("other"), "tenants/test-motors/tenant.json")).toThrow(/does not match its folder/);
  });

  it("rejects redirects to other sites in menus", () => {
    const bad = minimalTenantInput("test-motors", { menus: { header: [{ label: "Evil", href: "//evil.example.com" }] } });
    expect(() => parseTenantConfig(bad, "tenants/test-motors/tenant.json")).toThrow(/menus.header.0.href/);
  });

  it("loads every dealer folder of a tenants folder, validated and in slug order", () => {
    const dir = writeTenantsDir([minimalTenantInput("beta-cars"), minimalTenantInput("alpha-motors", { name: "Alpha Motors" })]);
    const loaded = loadTenantsFromDir(dir);
    expect(loaded.map((t) => t.slug)).toEqual(["alpha-motors", "beta-cars"]);
    expect(loaded[0].name).toBe("Alpha Motors");
    expect(loaded[1].search.pageSize).toBe(21);
  });

  it("a folder with broken JSON stops loading with the file named", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenants-"));
    fs.mkdirSync(path.join(dir, "broken"));
    fs.writeFileSync(path.join(dir, "broken", "tenant.json"), "{ not json");
    expect(() => loadTenantsFromDir(dir)).toThrow(/broken\/tenant.json is invalid: not valid JSON/);
  });
});

describe("host resolution", () => {
  const registry = new TenantRegistry(
    [
      parseTenantConfig(minimalTenantInput("alpha-motors", { domains: ["www.alpha.example.com.au"] }), "alpha-motors/tenant.json"),
      parseTenantConfig(minimalTenantInput("beta-cars"), "beta-cars/tenant.json"),
    ],
    "beta-cars",
  );

  it("configured domains first", () => {
    expect(registry.resolveHost("www.alpha.example.com.au")?.slug).toBe("alpha-motors");
    expect(registry.resolveHost("WWW.Alpha.Example.com.au:443")?.slug).toBe("alpha-motors");
  });
  it("then <slug>.localhost", () => {
    expect(registry.resolveHost("beta-cars.localhost:3000")?.slug).toBe("beta-cars");
    expect(registry.resolveHost("alpha-motors.localhost")?.slug).toBe("alpha-motors");
  });
  it("then the default tenant for a bare loopback host", () => {
    expect(registry.resolveHost("localhost:3000")?.slug).toBe("beta-cars");
    expect(registry.resolveHost("127.0.0.1:3000")?.slug).toBe("beta-cars");
    expect(registry.resolveHost("[::1]:3000")?.slug).toBe("beta-cars");
  });
  it("anything else has no site", () => {
    expect(registry.resolveHost("gamma.localhost")).toBeNull();
    expect(registry.resolveHost("alpha.example.com.au")).toBeNull();
    expect(registry.resolveHost("")).toBeNull();
    expect(registry.resolveHost(null)).toBeNull();
    expect(registry.resolveHost("bad host<script>")).toBeNull();
  });
  it("a default tenant that does not exist stops start-up", () => {
    expect(() => new TenantRegistry([], "nobody")).toThrow(/DEFAULT_TENANT/);
  });
  it("normalises hosts", () => {
    expect(normaliseHost("Example.COM.:8080")).toBe("example.com");
  });
});
