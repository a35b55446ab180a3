import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_TYPE_IMAGES, bodyLabel, bodyTypeImage, pluralLabel } from "./bodyTypes";
import { MANUFACTURERS, findManufacturer, makeLogoUrl } from "./manufacturers";
import { slugify } from "./searchLinks";

describe("manufacturers", () => {
  it("holds about 150 makes with unique ids and slugs the URL parser reads", () => {
    expect(MANUFACTURERS.length).toBeGreaterThanOrEqual(140);
    expect(new Set(MANUFACTURERS.map((m) => m.id)).size).toBe(MANUFACTURERS.length);
    for (const m of MANUFACTURERS) expect(m.slug).toBe(slugify(m.name));
  });

  it("has a logo file for every make", () => {
    for (const m of MANUFACTURERS) expect(fs.existsSync(path.join("public", m.logo!.url)), m.name).toBe(true);
  });

  it("finds a make however stock spells it", () => {
    expect(findManufacturer("TOYOTA")?.name).toBe("Toyota");
    expect(findManufacturer("mercedes benz")?.slug).toBe("mercedes-benz");
    expect(makeLogoUrl("GWM")).toBe("/logos/makes/gwm.svg");
    expect(makeLogoUrl("Unheard Of")).toBeNull();
  });
});

describe("body types", () => {
  it("has an image file for every body type in the spec's list", () => {
    expect(BODY_TYPE_IMAGES).toHaveLength(20);
    for (const b of BODY_TYPE_IMAGES) expect(fs.existsSync(path.join("public/body-types", `${b}.svg`)), b).toBe(true);
  });

  it("matches stock spellings to images and labels", () => {
    expect(bodyTypeImage("Cab Chassis")).toBe("/body-types/cabChassis.svg");
    expect(bodyTypeImage("SUV")).toBe("/body-types/suv.svg");
    expect(bodyTypeImage("Utility")).toBe("/body-types/ute.svg");
    expect(bodyTypeImage("Spaceship")).toBeNull();
    expect(bodyLabel("peopleMover")).toBe("People Mover");
    expect(pluralLabel("4x4")).toBe("4x4s");
  });
});
