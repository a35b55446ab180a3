/**
 * Whether an address is on the public internet: a photo host that only a stock feed vouches for (not
 * the dealer's own photos.sourceHosts) is fetched only when its name resolves to public addresses, so a
 * feed cannot point the server at itself, the machines beside it or a cloud metadata service.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(network, prefix, "ipv6");

/** An IPv4 or IPv6 address on the public internet (not private, loopback, link-local, documentation, multicast...). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether every address the host name resolves to is public (an address literal is judged as it is); never throws. */
export async function resolvesPublicly(host: string): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return isPublicAddress(bare);
  try {
    const addresses = await lookup(bare, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}
