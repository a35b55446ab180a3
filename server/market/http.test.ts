import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import type { Vehicle } from "~/domain/vehicle";
import { marketFromComparables } from "./embedded";
import { httpMarketPrice } from "./http";
import { marketPriceContract, tenant } from "./market.contract";

/**
 * A fake market-price service on 127.0.0.1. It refuses requests that are not the shape the adapter
 * promises, and answers from the stock it is given (or with a scripted status).
 */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
let server: http.Server;
let baseUrl = "";
let stock: Vehicle[] = [];
let scripted: { status: number; body: string; delayMs?: number } | null = null;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400).end("bad json");
        return;
      }
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const send = (status: number, text: string) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(text);
      };
      if (req.method !== "POST" || req.url !== "/v1/price-comparison") return send(404, "{}");
      if (req.headers.authorization !== "Bearer test-key") return send(401, '{"error":"unauthorised"}');
      if (!String(req.headers["content-type"]).startsWith("application/json")) return send(415, "{}");
      if (scripted) {
        const { status, body: text, delayMs } = scripted;
        setTimeout(() => send(status, text), delayMs ?? 0);
        return;
      }
      const comparables = stock.filter(
        (v) => v.status === "in_stock" && v.make === body.make && v.model === body.model && Math.abs(v.year - Number(body.year)) <= 2,
      );
      const result = marketFromComparables(
        {
          ...testVehicle(),
          id: String(body.vehicle_id),
          make: String(body.make),
          model: String(body.model),
          price: Number(body.listing_price),
          offer_price: 0,
        },
        comparables,
      );
      send(200, result ? JSON.stringify({ data: result }) : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

marketPriceContract("HTTP adapter (fake service)", (given) => {
  stock = given;
  scripted = null;
  return httpMarketPrice({ baseUrl, apiKey: "test-key" });
});

describe("market-price HTTP adapter", () => {
  const car = testVehicle({
    id: "car-7",
    make: "Toyota",
    model: "HiLux",
    badge: "SR5",
    year: 2022,
    km: 41000,
    price: 52990,
    offer_price: 49990,
    state: "NSW",
    vin: "VIN7",
    nvic: "NV7",
    car_type: "used",
  });

  it("posts the car's facts as JSON with the key as a bearer token", async () => {
    scripted = {
      status: 200,
      body: JSON.stringify({
        fill: 0.7,
        listing_price: 49990,
        market_range_min: 45000,
        market_range_max: 56000,
        confidence: 0.8,
        description: "Good",
      }),
    };
    received.length = 0;
    const result = await httpMarketPrice({ baseUrl: `${baseUrl}/`, apiKey: "test-key" }).compare(tenant, car);
    expect(result).toEqual({
      fill: 0.7,
      listing_price: 49990,
      market_range_min: 45000,
      market_range_max: 56000,
      confidence: 0.8,
      description: "Good",
    });
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe("POST");
    expect(received[0].url).toBe("/v1/price-comparison");
    expect(received[0].headers.authorization).toBe("Bearer test-key");
    expect(received[0].body).toEqual({
      dealer: "alpha",
      vehicle_id: "car-7",
      make: "Toyota",
      model: "HiLux",
      badge: "SR5",
      year: 2022,
      km: 41000,
      listing_price: 49990,
      state: "NSW",
      vin: "VIN7",
      nvic: "NV7",
      condition: "used",
      item_type: "car",
    });
  });

  it("answers nothing for an empty answer or 404", async () => {
    scripted = { status: 200, body: "" };
    expect(await httpMarketPrice({ baseUrl, apiKey: "test-key" }).compare(tenant, car)).toBeNull();
    scripted = { status: 404, body: "{}" };
    expect(await httpMarketPrice({ baseUrl, apiKey: "test-key" }).compare(tenant, car)).toBeNull();
  });

  it("rejects on a server error, a refused key, a non-JSON answer or a timeout", async () => {
    scripted = { status: 500, body: "{}" };
    await expect(httpMarketPrice({ baseUrl, apiKey: "test-key" }).compare(tenant, car)).rejects.toThrow(/500/);
    scripted = null;
    await expect(httpMarketPrice({ baseUrl, apiKey: "wrong" }).compare(tenant, car)).rejects.toThrow(/401/);
    scripted = { status: 200, body: "<html>" };
    await expect(httpMarketPrice({ baseUrl, apiKey: "test-key" }).compare(tenant, car)).rejects.toThrow(/not JSON/);
    scripted = { status: 200, body: "{}", delayMs: 500 };
    await expect(httpMarketPrice({ baseUrl, apiKey: "test-key", timeoutMs: 50 }).compare(tenant, car)).rejects.toThrow();
  });
});
