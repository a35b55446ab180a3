/**
 * The rego lookup contract on the HTTP adapter against the fake provider (which checks every request's
 * shape and key), then the adapter's own behaviour: the spec's two fields as JSON with the bearer key,
 * one more try after a 5xx or a time-out, answers checked before they are believed, failures as
 * TradeInProviderError without the key; and how the platform picks its lookup from the environment.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { createTradeInServicesFromEnv } from "@server/tradeIn";
import { EnvError, parseEnv } from "@server/config/env.server";
import { HttpVehicleLookup } from "@server/tradeIn/httpLookup";
import { TradeInProviderError } from "@server/tradeIn/port";
import { startFakeVehicleLookup, type FakeVehicleLookup } from "../fakes/vehicleLookupServer";
import { describeVehicleLookupContract, lookupDealer, REGISTERED } from "./vehicleLookup.contract";

const fakes: FakeVehicleLookup[] = [];
const registrations = [
  { rego: REGISTERED.rego, regoState: REGISTERED.regoState, vehicle: { ...REGISTERED.vehicle, km: 41_000, vin: "JTNB" } },
];

async function setup(options: { apiKey?: string; timeoutMs?: number } = {}) {
  const fake = await startFakeVehicleLookup({ registrations });
  fakes.push(fake);
  const lookup = new HttpVehicleLookup({
    url: `${fake.url}/`,
    apiKey: options.apiKey ?? fake.apiKey,
    timeoutMs: options.timeoutMs,
    backoffMs: 1,
  });
  return { fake, lookup };
}

describeVehicleLookupContract("HTTP (fake provider)", async () => {
  const { fake, lookup } = await setup();
  return {
    lookup,
    known: REGISTERED,
    otherState: "VIC",
    close: async () => {
      expect(fake.problems()).toEqual([]);
    },
  };
});

afterAll(async () => {
  for (const fake of fakes) await fake.close().catch(() => {});
});

describe("HTTP rego lookup: requests and failures", () => {
  it("sends { rego, regoState } with the plate as letters and digits, as JSON with the bearer key", async () => {
    const { fake, lookup } = await setup();
    const found = await lookup.lookup(lookupDealer, { rego: "abc-123", regoState: "NSW" });
    expect(found).toEqual({ ...REGISTERED.vehicle, km: 41_000, vin: "JTNB", source: "provider" });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(`${request.method} ${request.path} ${request.status}`).toBe("POST /lookup 200");
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.json).toEqual({ rego: "ABC123", regoState: "NSW" });
  });

  it("asks nothing for something that cannot be a plate", async () => {
    const { fake, lookup } = await setup();
    expect(await lookup.lookup(lookupDealer, { rego: " - ", regoState: "NSW" })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it("takes { vehicle: null } as not found", async () => {
    const { fake, lookup } = await setup();
    fake.failNext({ body: { vehicle: null } });
    expect(await lookup.lookup(lookupDealer, REGISTERED)).toBeNull();
  });

  it("tries once more after a 500 or a time-out, then gives up with the status, never the key", async () => {
    const { fake, lookup } = await setup({ timeoutMs: 100 });
    fake.failNext({ status: 500 });
    expect(await lookup.lookup(lookupDealer, REGISTERED)).toMatchObject({ make: "Toyota" });
    fake.failNext({ status: 503 });
    fake.failNext({ status: 503 });
    const error = await lookup.lookup(lookupDealer, REGISTERED).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TradeInProviderError);
    expect((error as Error).message).toBe("Rego lookup /lookup: HTTP 503");
    expect(String(error)).not.toContain(fake.apiKey);
    fake.failNext({ delayMs: 400 });
    fake.failNext({ delayMs: 400 });
    await expect(lookup.lookup(lookupDealer, REGISTERED)).rejects.toThrow("Rego lookup /lookup: no answer within 100 ms");
    expect(fake.requests.map((r) => r.status).slice(0, 4)).toEqual([500, 200, 503, 503]);
  });

  it("does not repeat a request the provider refused (401), and the error never carries the key", async () => {
    const { fake, lookup } = await setup({ apiKey: "wrong-key-wrong-key-1" });
    const error = await lookup.lookup(lookupDealer, REGISTERED).catch((e: unknown) => e);
    expect((error as Error).message).toBe("Rego lookup /lookup: HTTP 401");
    expect(String(error)).not.toContain("wrong-key");
    expect(fake.requests).toHaveLength(1);
  });

  it("refuses answers it cannot believe", async () => {
    const { fake, lookup } = await setup();
    fake.failNext({ body: { vehicle: { year: "old", make: "Toyota" } } });
    await expect(lookup.lookup(lookupDealer, REGISTERED)).rejects.toThrow("the answer was not understood");
    fake.failNext({ notJson: true });
    await expect(lookup.lookup(lookupDealer, REGISTERED)).rejects.toThrow("the answer was not JSON");
  });

  it("answers a TradeInProviderError when the provider cannot be reached", async () => {
    const { fake, lookup } = await setup();
    await fake.close();
    await expect(lookup.lookup(lookupDealer, REGISTERED)).rejects.toThrow(/Rego lookup \/lookup: network error \(ECONNREFUSED\)/);
  });
});

describe("the platform's trade-in services, from the settings", () => {
  const db = {} as Database;
  const settings = (source: Record<string, string>) => parseEnv({ LOG_LEVEL: "silent", ...source });

  it("uses each provider when its URL and key are set, the embedded default otherwise, and never logs a key", () => {
    const lines: string[] = [];
    const logger = { info: (message: string, fields?: object) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`) };
    const key = "secret-lookup-key-123";
    const both = createTradeInServicesFromEnv(
      settings({
        VEHICLE_LOOKUP_URL: "https://rego.example",
        VEHICLE_LOOKUP_KEY: key,
        VALUATION_URL: "https://value.example",
        VALUATION_KEY: key,
      }),
      db,
      logger,
    );
    expect([both.lookup.name, both.valuation.name]).toEqual(["http", "http"]);
    const none = createTradeInServicesFromEnv(settings({ VEHICLE_LOOKUP_URL: "", VEHICLE_LOOKUP_KEY: "" }), db, logger);
    expect([none.lookup.name, none.valuation.name]).toEqual(["embedded", "embedded"]);
    expect(lines.join("\n")).not.toContain(key);
    expect(lines[0]).toContain("https://rego.example");
  });

  it("stops on a URL without its key (or the other way round), or a bad URL, naming the variable and never its value", () => {
    const key = "secret-lookup-key-123";
    expect(() => settings({ VEHICLE_LOOKUP_URL: "https://rego.example" })).toThrow(EnvError);
    expect(() => settings({ VALUATION_KEY: key })).toThrow(/VALUATION_KEY: VALUATION_URL and VALUATION_KEY go together/);
    const error = (() => {
      try {
        settings({ VEHICLE_LOOKUP_URL: "ftp://rego.example", VEHICLE_LOOKUP_KEY: key });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain("VEHICLE_LOOKUP_URL: must be an http(s) URL");
    expect(error?.message).not.toContain(key);
    expect(() => settings({ VALUATION_URL: "https://v.example", VALUATION_KEY: "short" })).toThrow(
      "VALUATION_KEY: must be at least 8 characters",
    );
  });
});
