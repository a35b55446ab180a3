/**
 * A fake dealer photo host (node:http on 127.0.0.1, port 0) for the photo route's tests. It serves:
 * - /car.jpg: a real 2000x1500 JPEG made with sharp (a red car-coloured block on grey); /small.jpg: 400x300;
 * - /broken.jpg: JPEG headers followed by junk, labelled image/jpeg;
 * - /huge.jpg: more bytes than the route's test limit (`hugeBytes`), streamed without a length;
 * - /wide.png: a small file whose header claims 30000 x 30000 pixels (too many to decode);
 * - /slow.jpg: the real JPEG after `slowMs`;
 * - /page.html: an HTML page labelled text/html;
 * - /moved.jpg: a redirect to /car.jpg; /away.jpg: a redirect to another host;
 * - anything else: 404.
 * Every request is recorded, so a test can tell a cache hit (no new request) from a miss.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import zlib from "node:zlib";
import sharp from "sharp";

export interface FakeImageHost {
  /** The host's origin, e.g. http://127.0.0.1:41234 (what a dealer lists in photos.sourceHosts). */
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

export interface FakeImageHostOptions {
  hugeBytes?: number;
  slowMs?: number;
}

/** A real JPEG of the given size: a car-coloured block on a grey yard, so resized copies can be checked. */
export async function realJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const block = await sharp({
    create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: "#c62828" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#8a8f96" } })
    .composite([{ input: block, left: Math.round(width / 4), top: Math.round(height / 4) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A tiny PNG whose header claims width x height pixels: small on the wire, huge once decoded. */
async function hugePixelPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000000" } })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16 (8-byte signature, 4-byte length, 4-byte type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

export async function startFakeImageHost(options: FakeImageHostOptions = {}): Promise<FakeImageHost> {
  const hugeBytes = options.hugeBytes ?? 3 * 1024 * 1024;
  const slowMs = options.slowMs ?? 3_000;
  const jpeg = await realJpeg();
  const small = await realJpeg(400, 300);
  const wide = await hugePixelPng(30_000, 30_000);
  const broken = Buffer.concat([jpeg.subarray(0, 600), Buffer.from("this is not the rest of a photo".repeat(40))]);
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    requests.push(path);
    const image = (body: Buffer, type = "image/jpeg") =>
      res.writeHead(200, { "Content-Type": type, "Content-Length": body.byteLength }).end(body);
    switch (path) {
      case "/car.jpg":
        return image(jpeg);
      case "/small.jpg":
        return image(small);
      case "/broken.jpg":
        return image(broken);
      case "/wide.png":
        return image(wide, "image/png");
      case "/page.html":
        return void res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Not a photo</title><p>Hello</p>");
      case "/moved.jpg":
        return void res.writeHead(302, { Location: "/car.jpg" }).end();
      case "/away.jpg":
        return void res.writeHead(302, { Location: "http://photos.elsewhere.example/car.jpg" }).end();
      case "/slow.jpg": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) image(jpeg);
        }, slowMs);
        timers.add(timer);
        return;
      }
      case "/huge.jpg": {
        // Chunked, no Content-Length: the route has to count the bytes itself.
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        let sent = 0;
        const pump = () => {
          while (sent < hugeBytes && !res.destroyed) {
            sent += chunk.byteLength;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.write(jpeg.subarray(0, 2));
        return pump();
      }
      default:
        return void res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
