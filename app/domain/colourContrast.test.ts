import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  nearestPassing,
  readableOn,
  relativeLuminance,
  resolvedColours,
  TEXT_CONTRAST,
  themeContrastFailures,
  UI_CONTRAST,
  type ThemeColours,
} from "./colourContrast";

/** A plain readable theme; each test spoils one pair. */
const readable: ThemeColours = {
  brand: "#1d3557",
  brandContrast: "#ffffff",
  accent: "#d62839",
  accentContrast: "#ffffff",
  text: "#1f2933",
  muted: "#5f6b7a",
  background: "#ffffff",
  surface: "#f4f6f8",
  border: "#d9dee4",
  control: "#7b8594",
  success: "#18733a",
  danger: "#c62828",
  warning: "#a34a07",
  headerBackground: "#ffffff",
  headerText: "#1f2933",
  footerBackground: "#111827",
  footerText: "#e5e7eb",
};

describe("WCAG contrast", () => {
  it("measures relative luminance from black to white", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    // The low end of the sRGB curve is linear.
    expect(relativeLuminance("#0a0a0a")).toBeCloseTo(10 / 255 / 12.92, 6);
  });

  it("gives 21:1 for black on white, 1:1 for a colour on itself, the same either way round", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#b3121e", "#b3121e")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("holds text to 4.5:1 and large text and the parts of controls to 3:1", () => {
    expect(TEXT_CONTRAST).toBe(4.5);
    expect(UI_CONTRAST).toBe(3);
  });

  it("refuses anything but #rrggbb", () => {
    expect(() => contrastRatio("red", "#ffffff")).toThrow("not a #rrggbb colour: red");
  });

  it("suggests the nearest colour of the same hue that passes", () => {
    // Coastal's red logo on its black header: lightened, not swapped for white.
    const lighter = nearestPassing("#b3121e", "#111111", TEXT_CONTRAST);
    expect(contrastRatio(lighter, "#111111")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(relativeLuminance(lighter)).toBeGreaterThan(relativeLuminance("#b3121e"));
    // An orange button under white text: darkened.
    const darker = nearestPassing("#ea580c", "#ffffff", TEXT_CONTRAST);
    expect(contrastRatio(darker, "#ffffff")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(relativeLuminance(darker)).toBeLessThan(relativeLuminance("#ea580c"));
    expect(nearestPassing("#1f2933", "#ffffff", TEXT_CONTRAST)).toBe("#1f2933");
  });

  it("picks the first colour that reads on a background, else the one that reads best", () => {
    expect(readableOn("#0b3d91", ["#ffffff", "#14213d"])).toBe("#ffffff");
    expect(readableOn("#f2a900", ["#ffffff", "#14213d"])).toBe("#14213d");
    expect(readableOn("#777777", ["#ffffff", "#888888"])).toBe("#ffffff");
  });
});

describe("a dealer's theme", () => {
  it("passes when every pair reads", () => {
    expect(themeContrastFailures(readable)).toEqual([]);
  });

  it("fills the logo from the brand and the focus ring from the accent", () => {
    expect(resolvedColours(readable)).toMatchObject({ logo: "#1d3557", focus: "#d62839" });
    expect(resolvedColours({ ...readable, logo: "#ffffff", focus: "#000000" })).toMatchObject({ logo: "#ffffff", focus: "#000000" });
  });

  it("fails a brand-coloured logo on a dark header, naming the pair, its ratio and colours that would pass", () => {
    const failures = themeContrastFailures({
      ...readable,
      brand: "#b3121e",
      brandContrast: "#ffffff",
      headerBackground: "#111111",
      headerText: "#ffffff",
    });
    expect(failures.map((f) => [f.foreground, f.background])).toEqual([["logo", "headerBackground"]]);
    const [logo] = failures;
    expect(logo!.ratio).toBeCloseTo(2.72, 2);
    expect(logo!.minimum).toBe(TEXT_CONTRAST);
    expect(logo!.message).toMatch(
      /^logo #b3121e on headerBackground #111111 \(the logo text \(small on phones\)\) has contrast 2\.71:1, needs 4\.5:1; logo #[0-9a-f]{6} or headerBackground #[0-9a-f]{6} would pass$/,
    );
    for (const s of logo!.suggestions) {
      const fixed = themeContrastFailures({
        ...readable,
        brand: "#b3121e",
        headerBackground: "#111111",
        headerText: "#ffffff",
        [s.token]: s.colour,
      });
      expect(
        fixed.filter((f) => f.foreground === "logo"),
        s.token,
      ).toEqual([]);
    }
  });

  it("fails white text on a pale accent button, and a pale focus ring on the page", () => {
    const failures = themeContrastFailures({ ...readable, accent: "#f2a900" });
    expect(failures.map((f) => `${f.foreground} on ${f.background}`)).toEqual([
      "focus on background",
      "focus on surface",
      "accentContrast on accent",
    ]);
    expect(themeContrastFailures({ ...readable, accent: "#f2a900", accentContrast: "#111111", focus: "#1d3557" })).toEqual([]);
  });

  it("holds field borders to 3:1 but leaves separating lines alone", () => {
    expect(themeContrastFailures({ ...readable, control: "#d9dee4" }).map((f) => f.foreground)).toEqual(["control"]);
    expect(themeContrastFailures({ ...readable, border: "#fafafa" })).toEqual([]);
  });

  it("checks muted text on the surface as well as the page, the footer, and badges' white text", () => {
    expect(themeContrastFailures({ ...readable, muted: "#747e91" }).map((f) => `${f.foreground} on ${f.background}`)).toEqual([
      "muted on background",
      "muted on surface",
    ]);
    expect(themeContrastFailures({ ...readable, footerText: "#4b5563" }).map((f) => f.foreground)).toEqual(["footerText"]);
    expect(themeContrastFailures({ ...readable, success: "#22c55e" }).map((f) => `${f.foreground} on ${f.background}`)).toEqual([
      "success on background",
      "success on surface",
      "success on white badge text",
    ]);
  });
});

describe("a theme with a colour that is not #rrggbb", () => {
  it("is left to the schema to report, not measured", () => {
    expect(themeContrastFailures({ ...readable, brand: "red" })).toEqual([]);
  });
});
