import { describe, expect, it } from "vitest";
import { copiedToast, COPIED_LABEL_MS, shareLinks, shareWindowFeatures } from "./shareLinks";

describe("share", () => {
  it("builds Facebook, Twitter and WhatsApp links for the page", () => {
    const links = shareLinks("https://dealer.example/cars/a b", "2022 Toyota HiLux");
    expect(links?.facebook).toBe("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fdealer.example%2Fcars%2Fa%20b");
    expect(links?.twitter).toBe(
      "https://twitter.com/intent/tweet?url=https%3A%2F%2Fdealer.example%2Fcars%2Fa%20b&text=2022%20Toyota%20HiLux",
    );
    expect(links?.whatsapp).toBe("https://wa.me/?text=2022%20Toyota%20HiLux%20https%3A%2F%2Fdealer.example%2Fcars%2Fa%20b");
  });
  it("offers no share links without a URL", () => {
    expect(shareLinks("", "x")).toBeNull();
    expect(shareLinks("   ", "x")).toBeNull();
    expect(shareLinks(undefined, "x")).toBeNull();
  });
  it("opens a 550x400 window", () => {
    expect(shareWindowFeatures()).toMatch(/^width=550,height=400,/);
    expect(shareWindowFeatures({ width: 1550, height: 1400 })).toContain("left=500,top=500");
  });
  it("toasts the car's name and shows 'Copied' for 1.5 s", () => {
    expect(copiedToast("2022 Toyota HiLux")).toBe("Copied 2022 Toyota HiLux to your clipboard!");
    expect(COPIED_LABEL_MS).toBe(1500);
  });
});
