// ESLint flat config (decision 13). Syntactic rules only: no type-aware rules, so `eslint .` stays a few
// seconds on a small machine; `tsc --noEmit` already checks types.
import path from "node:path";
import { fileURLToPath } from "node:url";

import eslintComments from "@eslint-community/eslint-plugin-eslint-comments";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const sourceFiles = ["**/*.{js,mjs,cjs,ts,tsx}"];

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
      "tenants/**",
      ".cache/**",
    ],
  },
  // A rule is switched off only for a line, with the reason on that line: `// eslint-disable-next-line rule -- why`.
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "@eslint-community/eslint-comments": eslintComments },
    rules: {
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      "@eslint-community/eslint-comments/no-unlimited-disable": "error",
      "@eslint-community/eslint-comments/disable-enable-pair": "error",
    },
  },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    files: sourceFiles,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { prefer: "type-imports", fixStyle: "inline-type-imports" }],
    },
  },

  // React: hooks and accessibility, in the app only.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },

  // The dependency rule (docs/decisions/0013, design section 3).
  {
    files: sourceFiles,
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json"), alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./server",
              from: ["./app/routes", "./app/components"],
              message: "server/ never imports app/routes or app/components: move the shared piece to app/domain or server/.",
            },
            {
              target: "./app/domain",
              from: "./app",
              except: ["./domain"],
              message: "app/domain imports only app/domain and pure packages.",
            },
            {
              target: "./app/domain",
              from: "./server",
              message: "app/domain imports only app/domain and pure packages.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/domain: pure rules, no framework and no I/O.
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: ["app/domain/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-dom", "react/*", "react-dom/*", "@remix-run/*", "node:*"],
              message: "app/domain imports only app/domain and pure packages (no React, Remix, Node or server/).",
            },
          ],
          paths: ["fs", "path", "crypto", "os", "child_process", "http", "https", "stream"],
        },
      ],
    },
  },
  {
    // Browser code: shared components, a route's page-only components, styles and utils may import only
    // types from server/. Route modules (route.tsx, flat route files, root.tsx) and *.server files may import
    // server values for their loaders and actions: Remix drops those from the browser bundle.
    files: [
      "app/components/**/*.{ts,tsx}",
      "app/routes/*/**/*.{ts,tsx}",
      "app/styles/**/*.{ts,tsx}",
      "app/utils/**/*.{ts,tsx}",
      "app/**/*.client.{ts,tsx}",
    ],
    ignores: ["app/routes/*/route.{ts,tsx}", "app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@server/|(\\.\\./)+server/)",
              allowTypeImports: true,
              message:
                "Browser code may import only types from server/ (`import type`); the value belongs in app/domain or a route's .server file.",
            },
          ],
        },
      ],
    },
  },

  {
    // Links are plain markup with one listener for the page (decision 25): the router's own Link only
    // where it prefetches, inside app/components/Link.tsx.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/Link.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ImportDeclaration[source.value=/^(@remix-run\\/react|react-router|react-router-dom)$/] ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
          message: "Import Link from ~/components/Link (decision 25).",
        },
      ],
    },
  },

  {
    // Plain Node scripts and configs.
    files: ["**/*.{js,mjs,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  prettier,
);
