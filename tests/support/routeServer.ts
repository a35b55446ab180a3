import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Platform } from "@server/platform.server";

type RouteFunction = (args: {
  request: Request;
  params: Record<string, string>;
  context: { platform: Platform; remoteAddress?: string };
}) => Promise<Response> | Response;

/**
 * A route module behind a plain HTTP server on loopback, as the production server runs it (the socket's
 * address in the load context), for commands that talk to a running server (`npm run import`, `npm run leads`).
 */
export async function serveRoute(
  route: { loader?: RouteFunction; action: RouteFunction },
  platform: Platform,
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const isGet = req.method === "GET" || req.method === "HEAD";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: isGet ? undefined : Buffer.concat(chunks),
    });
    const args = { request, params: {}, context: { platform, remoteAddress: req.socket.remoteAddress } };
    const response = isGet && route.loader ? await route.loader(args) : await route.action(args);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
