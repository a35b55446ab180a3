/**
 * A fake postcode geocoding service (node:http on 127.0.0.1, port 0) for the HTTP Geocoder adapter's
 * tests. It checks each request as the service would: `GET /geocode?postcode=NNNN&country=AU` asking for
 * JSON (anything else is a 400 and a noted problem). It knows a few postcodes (`{ lat, long }`), answers
 * 404 for the rest, and fails on demand: an HTTP status, a slow answer, or a body of your choosing.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type GeocoderFailure = { status: number } | { delayMs: number } | { body: string };

export interface FakeGeocoder {
  url: string;
  requests: { path: string; accept: string }[];
  failNext(failure: GeocoderFailure, times?: number): void;
  problems(): string[];
  close(): Promise<void>;
}

/** The postcodes the fake knows. */
export const FAKE_POSTCODES: Record<string, { lat: number; long: number }> = {
  "2000": { lat: -33.8688, long: 151.2093 },
  "2150": { lat: -33.8148, long: 151.0017 },
  "6000": { lat: -31.9523, long: 115.8613 },
};

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const requests: FakeGeocoder["requests"] = [];
  const failures: GeocoderFailure[] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ path: url.pathname + url.search, accept: String(req.headers.accept ?? "") });
    const failure = failures.shift();
    if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure && "status" in failure) return void res.writeHead(failure.status).end("failed on demand");
    if (failure && "body" in failure) return void res.writeHead(200, { "Content-Type": "application/json" }).end(failure.body);
    const postcode = url.searchParams.get("postcode") ?? "";
    const shapeProblem =
      req.method !== "GET"
        ? `method ${req.method}`
        : url.pathname !== "/geocode"
          ? `path ${url.pathname}`
          : !/^\d{4}$/.test(postcode)
            ? `postcode '${postcode}'`
            : url.searchParams.get("country") !== "AU"
              ? `country '${url.searchParams.get("country")}'`
              : !String(req.headers.accept ?? "").includes("application/json")
                ? "no Accept: application/json"
                : null;
    if (shapeProblem) {
      problems.push(shapeProblem);
      return void res.writeHead(400).end(shapeProblem);
    }
    const point = FAKE_POSTCODES[postcode];
    if (!point) return void res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ lat: null, long: null }));
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(point));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/geocode`,
    requests,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    problems: () => [...problems],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
