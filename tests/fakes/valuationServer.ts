/**
 * A fake trade-in valuation provider (node:http on 127.0.0.1, port 0) for the HTTP Valuation adapter's
 * tests. It checks each request as the provider would: `POST /valuation`, JSON, `Authorization: Bearer
 * <key>` (401 without it, 415 without JSON, 400 for a body other than exactly `{ dealer, rego, regoState,
 * vehicle, adjustmentAnswers }` with the spec's answers), each noted as a problem. It values the models it
 * knows from their new price, age, kilometres and the answers (`{ offer_price, market_value, lines }`),
 * answers `{ offer_price: null }` for any other, and fails on demand: an HTTP status, a slow answer, a
 * body of your choosing, or text that is not JSON.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { z } from "zod";
import type { FakeFailure, FakeRequest } from "./vehicleLookupServer";

export interface FakeValuation {
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  failNext(failure: FakeFailure): void;
  problems(): string[];
  close(): Promise<void>;
}

const valuationBody = z
  .object({
    dealer: z.string().min(1),
    rego: z.string().regex(/^[A-Z0-9]{0,9}$/),
    regoState: z.union([z.enum(["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]), z.literal("")]),
    vehicle: z
      .object({
        year: z.number().int().min(1900),
        make: z.string().min(1),
        model: z.string().min(1),
        badge: z.string(),
        km: z.number().int().min(0),
        vin: z.string(),
        nvic: z.string(),
      })
      .strict(),
    adjustmentAnswers: z
      .object({
        km: z.number().int().min(0),
        accident: z.enum(["none", "repaired", "unrepaired"]),
        service: z.enum(["full", "partial", "none"]),
        keys: z.enum(["two", "one"]),
        financeOwing: z.enum(["no", "yes"]),
        condition: z.enum(["excellent", "good", "fair", "poor"]),
      })
      .strict(),
  })
  .strict();

/** New prices of the models the fake knows, by "make|model" in lower case. */
export const FAKE_NEW_PRICES: Record<string, number> = { "toyota|corolla": 32_000, "mazda|cx-5": 42_000 };

function fakeOffer(body: z.infer<typeof valuationBody>) {
  const newPrice = FAKE_NEW_PRICES[`${body.vehicle.make}|${body.vehicle.model}`.toLowerCase()];
  if (!newPrice) return { offer_price: null };
  const a = body.adjustmentAnswers;
  const age = Math.max(0, new Date().getFullYear() - body.vehicle.year);
  const market = Math.round(newPrice * 0.85 ** (age + 1) * (1 - a.km / 1_000_000));
  const condition = { excellent: 1.03, good: 1, fair: 0.9, poor: 0.75 }[a.condition];
  const accident = { none: 1, repaired: 0.9, unrepaired: 0.75 }[a.accident];
  const service = { full: 1, partial: 0.95, none: 0.88 }[a.service];
  const offer = Math.floor((market * 0.78 * condition * accident * service - (a.keys === "one" ? 300 : 0)) / 50) * 50;
  return {
    offer_price: offer,
    market_value: market,
    lines: [
      { label: "Market value", amount: market },
      { label: "Provider's adjustments", amount: offer - market },
    ],
  };
}

export async function startFakeValuation(options: { apiKey?: string } = {}): Promise<FakeValuation> {
  const apiKey = options.apiKey ?? "fake-valuation-key-0123456789";
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const text = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = undefined;
      }
      const problems: string[] = [];
      const record: FakeRequest = { method: req.method ?? "", path, headers: req.headers, json, problems, status: 0 };
      requests.push(record);
      const send = (status: number, payload: unknown, raw = false) => {
        record.status = status;
        if (res.destroyed) return;
        res
          .writeHead(status, { "Content-Type": raw ? "text/plain" : "application/json" })
          .end(raw ? String(payload) : JSON.stringify(payload));
      };
      const refuse = (status: number, problem: string) => {
        problems.push(problem);
        send(status, { error: problem });
      };

      if (req.method !== "POST") return refuse(405, `${req.method} ${path}: only POST is served`);
      if (path !== "/valuation") return refuse(404, `${path}: no such endpoint`);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return refuse(401, `${path}: missing or wrong bearer key`);
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(415, `${path}: not JSON`);
      if (json === undefined) return refuse(400, `${path}: body is not valid JSON`);
      const parsed = valuationBody.safeParse(json);
      if (!parsed.success) return refuse(400, `${path}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);

      const failure = failures.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) return send(failure.status, { error: `failing on demand with ${failure.status}` });
      if (failure && "notJson" in failure) return send(200, "<html>maintenance</html>", true);
      if (failure && "body" in failure) return send(200, failure.body);
      return send(200, fakeOffer(parsed.data));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    requests,
    failNext: (failure) => void failures.push(failure),
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
