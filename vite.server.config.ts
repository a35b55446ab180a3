/**
 * The server entry's build (`server/main.ts` -> `<BUILD_DIR>/server-main/main.js`): the platform and the
 * request pipeline, compiled apart from the Remix build, which only renders pages. Packages stay
 * outside the bundle, as in the Remix server build.
 */
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  build: {
    ssr: "server/main.ts",
    outDir: `${process.env.BUILD_DIR ?? "build"}/server-main`,
    emptyOutDir: true,
    target: "node20",
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "main.js", format: "esm" } },
  },
  logLevel: "warn",
});
