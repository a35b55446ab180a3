/**
 * Endpoints for commands on the same machine (`npm run import`, `npm run leads`): only loopback callers holding the data
 * folder's token (the stock importer's, server/stock/importToken.ts) are let in.
 */
import { ensureImportToken, IMPORT_TOKEN_HEADER, tokensMatch } from "../stock/importToken";
import { normaliseHost } from "../tenants/registry";

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a socket's remote address is this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return typeof address === "string" && LOOPBACK_ADDRESSES.has(address);
}

/**
 * The socket's address when the server passes it in the load context; without it, the Host header must
 * at least name the loopback interface (the token is what really keeps other callers out).
 */
export function fromLoopback(request: Request, context: unknown): boolean {
  const remote = (context as { remoteAddress?: unknown } | undefined)?.remoteAddress;
  if (typeof remote === "string" && remote) return LOOPBACK_ADDRESSES.has(remote);
  const host = normaliseHost(request.headers.get("host"));
  return host !== null && LOOPBACK_HOSTS.has(host);
}

/** Whether a token given by a caller is this data folder's. */
export function isDataFolderToken(given: string | null | undefined, dataDir: string): boolean {
  return tokensMatch(ensureImportToken(dataDir), given);
}

/** Whether the request carries this data folder's token. */
export function hasDataFolderToken(request: Request, dataDir: string): boolean {
  return isDataFolderToken(request.headers.get(IMPORT_TOKEN_HEADER), dataDir);
}
