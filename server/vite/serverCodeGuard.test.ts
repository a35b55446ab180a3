import path from "node:path";
import type { ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";
import { isServerCodeInBrowser, serverCodeGuard, serverCodeMessage } from "./serverCodeGuard";

const root = path.resolve("/site");
const at = (...parts: string[]) => path.join(root, ...parts);

describe("isServerCodeInBrowser", () => {
  it("is true for a file under server/ in the browser build", () => {
    expect(isServerCodeInBrowser(root, at("server/tenants/publicSite.ts"), false)).toBe(true);
    expect(isServerCodeInBrowser(root, at("server/db/pglite.ts"), undefined)).toBe(true);
    expect(isServerCodeInBrowser(root, `${at("server/log.ts")}?v=1234`, false)).toBe(true);
  });
  it("is false in the server (SSR) build", () => {
    expect(isServerCodeInBrowser(root, at("server/tenants/publicSite.ts"), true)).toBe(false);
  });
  it("is false for app code, packages, look-alike folders and virtual modules", () => {
    expect(isServerCodeInBrowser(root, at("app/components/layout/SiteHeader.tsx"), false)).toBe(false);
    expect(isServerCodeInBrowser(root, at("app/routes/cars.$slug/loader.server.ts"), false)).toBe(false);
    expect(isServerCodeInBrowser(root, at("node_modules/react-dom/server.browser.js"), false)).toBe(false);
    expect(isServerCodeInBrowser(root, at("server-side/x.ts"), false)).toBe(false);
    expect(isServerCodeInBrowser(root, path.resolve("/elsewhere/server/x.ts"), false)).toBe(false);
    expect(isServerCodeInBrowser(root, "\0virtual:remix/server-build", false)).toBe(false);
    expect(isServerCodeInBrowser(root, "react-dom/server", false)).toBe(false);
  });
});

describe("serverCodeGuard plugin", () => {
  /** Runs the plugin's resolveId as Vite would, with the rest of the chain resolving `source` to `resolvedId`. */
  async function resolveWith(source: string, resolvedId: string, ssr: boolean) {
    const plugin = serverCodeGuard();
    (plugin.configResolved as (config: ResolvedConfig) => void)({ root } as ResolvedConfig);
    const context = {
      resolve: async () => ({ id: resolvedId, external: false }),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const resolveId = plugin.resolveId as (this: unknown, source: string, importer: string, options: { ssr: boolean }) => Promise<unknown>;
    return resolveId.call(context, source, at("app/components/vehicle-card/cardData.ts"), { ssr });
  }

  it("fails the browser build when a server module is imported, naming it and its importer", async () => {
    await expect(resolveWith("@server/tenants/publicSite", at("server/tenants/publicSite.ts"), false)).rejects.toThrow(
      "server module server/tenants/publicSite.ts reached the browser bundle through app/components/vehicle-card/cardData.ts",
    );
  });
  it("lets the server build import server modules", async () => {
    await expect(resolveWith("@server/tenants/publicSite", at("server/tenants/publicSite.ts"), true)).resolves.toBeNull();
  });
  it("lets the browser build import everything else", async () => {
    await expect(resolveWith("react-dom/server", at("node_modules/react-dom/server.browser.js"), false)).resolves.toMatchObject({
      id: at("node_modules/react-dom/server.browser.js"),
    });
  });
  it("names the importer in its message", () => {
    expect(serverCodeMessage(root, at("server/log.ts"), at("app/root.tsx"))).toMatch(
      /^server module server\/log\.ts reached the browser bundle through app\/root\.tsx\./,
    );
  });
});
