/**
 * `npm test` on a fresh Debian machine: as root with apt-get it installs the missing headless Chromium and
 * pdftotext itself; otherwise it stops and names the exact command; a CHROME_PATH the developer set is
 * never overridden by an installed browser.
 */
import { describe, expect, it } from "vitest";
import { aptInstallCommands, PACKAGE_FOR, planPrerequisites, TEST_BROWSER } from "./prerequisites.mjs";

const machine = { chromePath: undefined, chromePathExists: true, pdftotextFound: true, isRoot: false, hasAptGet: true };

describe("test command prerequisites", () => {
  it("nothing to do when Chromium and pdftotext are there", () => {
    expect(planPrerequisites(machine)).toEqual({ action: "ready" });
    expect(planPrerequisites({ ...machine, chromePath: "/opt/chrome/chrome" })).toEqual({ action: "ready" });
  });

  it("as root with apt-get, installs only what is missing", () => {
    const root = { ...machine, isRoot: true };
    expect(planPrerequisites({ ...root, chromePathExists: false, pdftotextFound: false })).toEqual({
      action: "install",
      packages: ["chromium-headless-shell", "poppler-utils"],
    });
    expect(planPrerequisites({ ...root, chromePathExists: false })).toEqual({ action: "install", packages: ["chromium-headless-shell"] });
    expect(planPrerequisites({ ...root, pdftotextFound: false })).toEqual({ action: "install", packages: ["poppler-utils"] });
  });

  it("without root, stops with the sudo command for the missing packages", () => {
    const plan = planPrerequisites({ ...machine, chromePathExists: false, pdftotextFound: false });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("sudo apt-get install -y chromium-headless-shell poppler-utils");
    const onlyPdf = planPrerequisites({ ...machine, pdftotextFound: false });
    expect(onlyPdf.action === "stop" && onlyPdf.message).toContain("sudo apt-get install -y poppler-utils");
  });

  it("as root without apt-get (not Debian), stops instead of installing", () => {
    const plan = planPrerequisites({ ...machine, isRoot: true, hasAptGet: false, chromePathExists: false });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toMatch(/CHROME_PATH/);
  });

  it("the browser tests' Chromium is Debian's headless shell unless CHROME_PATH names another (decision 34)", () => {
    expect(TEST_BROWSER).toBe("/usr/bin/chromium-headless-shell");
    expect(PACKAGE_FOR.chromium).toBe("chromium-headless-shell");
  });

  it("a CHROME_PATH that points nowhere stops even as root: installing Debian's Chromium would not be used", () => {
    const plan = planPrerequisites({ ...machine, isRoot: true, chromePath: "/opt/missing/chrome", chromePathExists: false });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("/opt/missing/chrome");
  });

  it("xmllint, which validates every lead's ADF, is installed or named like the others", () => {
    expect(planPrerequisites({ ...machine, isRoot: true, xmllintFound: false })).toEqual({
      action: "install",
      packages: ["libxml2-utils"],
    });
    const plan = planPrerequisites({ ...machine, xmllintFound: false });
    expect(plan.action === "stop" && plan.message).toContain("xmllint (ADF/XML lead validation)");
    expect(plan.action === "stop" && plan.message).toContain("sudo apt-get install -y libxml2-utils");
  });

  it("installs non-interactively after refreshing the package lists", () => {
    const [update, install] = aptInstallCommands(["chromium", "poppler-utils"]);
    expect(update.args).toEqual(["update"]);
    expect(install.args).toEqual(["install", "-y", "chromium", "poppler-utils"]);
    expect(install.env.DEBIAN_FRONTEND).toBe("noninteractive");
  });
});
