import { describe, expect, it } from "vitest";
import { locateInteriorFeature } from "./interiorSvg";
import { bodyFamilyFor, parseMediaPath, vehicleImageUrl, walkaroundUrl } from "../images/mediaPaths";
import { BODY_FAMILIES } from "./vehicleShapes";
import { locateFeature, renderNewArrivalSvg, renderVehicleSvg, renderWalkaroundSvg } from "./vehicleSvg";

const wellFormed = (svg: string) => {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg).not.toMatch(/NaN|Infinity|undefined/);
  // Every element opened is closed (self-closing or with its end tag).
  const opened = (svg.match(/<(?!\/)[a-zA-Z]+[^>]*[^/]>/g) ?? []).length;
  const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
  expect(opened).toBe(closed);
};

describe("renderVehicleSvg", () => {
  it("draws every body family at all 24 angles as a small, well-formed SVG", () => {
    for (const body of BODY_FAMILIES) {
      for (let angle = 0; angle < 24; angle++) {
        const svg = renderVehicleSvg({ body, colour: "#9e0d18", angle, view: "exterior" });
        wellFormed(svg);
        expect(svg.length, `${body} ${angle}`).toBeLessThan(8000);
      }
    }
  });

  it("turns the vehicle: every frame of a spin is a different drawing", () => {
    for (const body of BODY_FAMILIES) {
      const frames = Array.from({ length: 24 }, (_, angle) => renderVehicleSvg({ body, colour: "#f2f3f1", angle, view: "exterior" }));
      expect(new Set(frames).size, body).toBe(24);
    }
  });

  it("paints the body in the car's colour, shaded", () => {
    const red = renderVehicleSvg({ body: "sedan", colour: "#a3121d", angle: 3, view: "exterior" });
    const white = renderVehicleSvg({ body: "sedan", colour: "#f2f3f1", angle: 3, view: "exterior" });
    expect(red).not.toBe(white);
    const reds = (red.match(/fill="#([0-9a-f]{6})"/g) ?? []).filter((f) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(f.slice(6 + i, 8 + i), 16));
      return r > 100 && g < 60 && b < 60;
    });
    expect(reds.length).toBeGreaterThan(3);
  });

  it("draws a simpler, smaller thumbnail and an interior in the trim colour", () => {
    const full = renderVehicleSvg({ body: "suv", colour: "#1f3a6b", angle: 3, view: "exterior" });
    const thumb = renderVehicleSvg({ body: "suv", colour: "#1f3a6b", angle: 3, view: "thumb-exterior" });
    expect(thumb.length).toBeLessThan(full.length);
    expect(thumb).toContain('width="300" height="200"');
    for (const body of BODY_FAMILIES) {
      const tan = renderVehicleSvg({ body, colour: "#9a6b43", angle: 0, view: "interior" });
      wellFormed(tan);
      expect(tan, body).not.toBe(renderVehicleSvg({ body, colour: "#2a2b2e", angle: 0, view: "interior" }));
      expect(tan).not.toBe(renderVehicleSvg({ body, colour: "#9a6b43", angle: 12, view: "interior" }));
      wellFormed(renderVehicleSvg({ body, colour: "#9a6b43", angle: 5, view: "thumb-interior" }));
    }
  });

  it("animates a turntable and draws the new-arrival placeholder", () => {
    const walkaround = renderWalkaroundSvg("ute", "#ffffff");
    wellFormed(walkaround);
    expect(walkaround.match(/<animate /g)).toHaveLength(12);
    const placeholder = renderNewArrivalSvg();
    wellFormed(placeholder);
    expect(placeholder).toContain("New Arrival");
  });
});

describe("feature positions for hotspots", () => {
  it("puts features inside the picture and only on frames where they face the viewer", () => {
    for (const body of BODY_FAMILIES) {
      for (let angle = 0; angle < 24; angle++) {
        const spot = locateFeature(body, "wheel", angle);
        expect(spot.x).toBeGreaterThan(0);
        expect(spot.x).toBeLessThan(100);
        expect(spot.y).toBeGreaterThan(0);
        expect(spot.y).toBeLessThan(100);
      }
    }
    // The near-side wheel faces the viewer side-on (frame 0) and is hidden from the other side (frame 12).
    expect(locateFeature("sedan", "wheel", 0).visible).toBe(true);
    expect(locateFeature("sedan", "wheel", 12).visible).toBe(false);
    expect(locateFeature("sedan", "headlight", 3).visible).toBe(true);
    expect(locateFeature("sedan", "headlight", 15).visible).toBe(false);
    expect(locateFeature("sedan", "taillight", 18).visible).toBe(true);
    expect(locateInteriorFeature("suv", "steering")).not.toBeNull();
    expect(locateInteriorFeature("caravan", "steering")).toBeNull();
  });
});

describe("media paths", () => {
  it("builds URLs the parser reads back", () => {
    const url = vehicleImageUrl("suv", "#1F3A6B", "thumb-exterior", 21);
    expect(url).toBe("/media/vehicles/suv/1f3a6b/thumb-exterior-21.svg");
    expect(parseMediaPath(url.slice("/media/".length))).toEqual({
      kind: "vehicle",
      body: "suv",
      colour: "#1f3a6b",
      view: "thumb-exterior",
      angle: 21,
    });
    expect(parseMediaPath(walkaroundUrl("van", "#ffffff").slice(7))).toEqual({ kind: "walkaround", body: "van", colour: "#ffffff" });
    expect(parseMediaPath("placeholder/new-arrival.svg")).toEqual({ kind: "placeholder" });
    expect(parseMediaPath("reports/westside-used-wu10001.pdf")).toEqual({ kind: "report", vehicleId: "westside-used-wu10001" });
  });

  it("refuses anything it did not build", () => {
    for (const bad of [
      "",
      "vehicles/spaceship/ffffff/exterior-3.svg",
      "vehicles/suv/fffff/exterior-3.svg",
      "vehicles/suv/gggggg/exterior-3.svg",
      "vehicles/suv/ffffff/exterior-24.svg",
      "vehicles/suv/ffffff/exterior-03.svg",
      "vehicles/suv/ffffff/exterior--1.svg",
      "vehicles/suv/ffffff/sideways-3.svg",
      "vehicles/suv/ffffff/exterior-3.png",
      "vehicles/suv/ffffff/exterior-3.svg/extra",
      "vehicles/../ffffff/exterior-3.svg",
      "placeholder/other.svg",
      "reports/../../etc/passwd.pdf",
      "reports/UPPER.pdf",
    ]) {
      expect(parseMediaPath(bad), bad).toBeNull();
    }
  });

  it("maps dealers' body names to a drawing", () => {
    expect(bodyFamilyFor("hatchback")).toBe("hatch");
    expect(bodyFamilyFor("Cab Chassis")).toBe("cabChassis");
    expect(bodyFamilyFor("stationWagon")).toBe("wagon");
    expect(bodyFamilyFor("", "motorcycle")).toBe("motorcycle");
    expect(bodyFamilyFor("something odd")).toBe("sedan");
  });
});
