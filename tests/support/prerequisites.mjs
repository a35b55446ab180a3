/**
 * What `npm test` needs from the machine besides node_modules: a Chromium for the browser tests (Debian's
 * headless shell by default: decision 34), poppler's pdftotext for the brochure tests and libxml2's
 * xmllint, which validates every lead's ADF/XML against the published ADF 1.0 DTD. `planPrerequisites`
 * decides, from facts about the machine, whether everything is there, whether the test command may install
 * the missing Debian packages itself (as root with apt-get, like `playwright install --with-deps`), or
 * whether it must stop and say what to run.
 */

/**
 * The browser the tests drive unless CHROME_PATH names another: Debian's build of Chromium's headless shell,
 * the lighter headless build Playwright itself uses (decision 34).
 */
export const TEST_BROWSER = "/usr/bin/chromium-headless-shell";

/** Debian package that provides each missing tool. */
export const PACKAGE_FOR = { chromium: "chromium-headless-shell", pdftotext: "poppler-utils", xmllint: "libxml2-utils" };

/** What each package is for, as a missing one is named to the developer. */
const PURPOSE = {
  [PACKAGE_FOR.chromium]: "Chromium (browser tests)",
  [PACKAGE_FOR.pdftotext]: "pdftotext (PDF brochure tests)",
  [PACKAGE_FOR.xmllint]: "xmllint (ADF/XML lead validation)",
};

/**
 * @param {{
 *   chromePath: string | undefined,   // CHROME_PATH as set by the developer (undefined when unset or empty)
 *   chromePathExists: boolean,        // CHROME_PATH, or TEST_BROWSER when unset, is a file
 *   pdftotextFound: boolean,
 *   xmllintFound?: boolean,           // absent counts as found (callers that do not ask)
 *   isRoot: boolean,
 *   hasAptGet: boolean,
 * }} facts
 * @returns {{ action: "ready" } | { action: "install", packages: string[] } | { action: "stop", message: string }}
 */
export function planPrerequisites({ chromePath, chromePathExists, pdftotextFound, xmllintFound = true, isRoot, hasAptGet }) {
  // A browser the developer named explicitly is never replaced by an installed one.
  if (chromePath && !chromePathExists) {
    return {
      action: "stop",
      message: `CHROME_PATH is set to ${chromePath}, which does not exist. Point it at a Chromium or Chrome binary, or unset it to use Debian's ${TEST_BROWSER}.`,
    };
  }
  const packages = [];
  if (!chromePathExists) packages.push(PACKAGE_FOR.chromium);
  if (!pdftotextFound) packages.push(PACKAGE_FOR.pdftotext);
  if (!xmllintFound) packages.push(PACKAGE_FOR.xmllint);
  if (packages.length === 0) return { action: "ready" };
  if (isRoot && hasAptGet) return { action: "install", packages };
  const missing = packages.map((name) => PURPOSE[name]).join(" and ");
  const command = `sudo apt-get install -y ${packages.join(" ")}`;
  return {
    action: "stop",
    message: hasAptGet
      ? `Missing ${missing}. Install ${packages.length > 1 ? "them" : "it"} with:\n\n  ${command}\n\nthen run npm test again.`
      : `Missing ${missing}. On Debian or Ubuntu install them with \`${command}\`; elsewhere install a Chromium and set CHROME_PATH to it, and install poppler's pdftotext and libxml2's xmllint.`,
  };
}

/** The apt-get commands that install the given packages without questions. */
export function aptInstallCommands(packages) {
  return [
    { command: "apt-get", args: ["update"], env: {} },
    { command: "apt-get", args: ["install", "-y", ...packages], env: { DEBIAN_FRONTEND: "noninteractive" } },
  ];
}
