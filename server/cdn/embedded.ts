/**
 * The embedded default: no CDN is configured, so nothing is in front of the sites to purge. A stock
 * change still drops the dealer's pages from this server's own page cache (server/http/siteServer.ts);
 * a purge here does nothing and says so in its name.
 */
import type { Cdn } from "./port";

export const nothingInFront: Cdn = {
  name: "nothing-in-front",
  async purgeTags() {
    // Nothing in front of the sites keeps a copy.
  },
};
