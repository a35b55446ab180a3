import { describe, expect, it } from "vitest";
import { clickOnLink as click } from "../../../tests/support/linkClick";
import { journeyHref, journeyLinkOf, openedOnThisPage } from "./financePopupClicks";

const PAGE = "https://summit.example.com.au/cars/2025-honda-rebel-500-sm10826";

describe("the click that opens the finance popup", () => {
  it("takes a plain click on any link to the journey with its car", () => {
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc" }), PAGE)).toBe("/personalised/finance?car_id=abc");
    expect(journeyLinkOf(click({ href: "https://summit.example.com.au/personalised/finance?car_id=abc&step=1" }), PAGE)).toBe(
      "/personalised/finance?car_id=abc&step=1",
    );
  });

  it("leaves every other click to the page: other pages, other sites, no car, new tabs, modified clicks", () => {
    expect(journeyLinkOf(click({ href: "/finance?car_id=abc" }), PAGE)).toBeNull();
    expect(journeyLinkOf(click({ href: "/personalised/finance" }), PAGE)).toBeNull();
    expect(journeyLinkOf(click({ href: "https://elsewhere.example.com/personalised/finance?car_id=abc" }), PAGE)).toBeNull();
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc", target: "_blank" }), PAGE)).toBeNull();
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc", download: "" }), PAGE)).toBeNull();
    expect(journeyLinkOf(click(null), PAGE)).toBeNull();
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc" }, { [key]: true }), PAGE)).toBeNull();
    }
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc" }, { button: 1 }), PAGE)).toBeNull();
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc" }, { defaultPrevented: true }), PAGE)).toBeNull();
  });

  it("takes a same-target link, and a link with an address it cannot read is left alone", () => {
    expect(journeyLinkOf(click({ href: "/personalised/finance?car_id=abc", target: "_self" }), PAGE)).toBe(
      "/personalised/finance?car_id=abc",
    );
    expect(journeyLinkOf(click({ href: "http://[bad" }), PAGE)).toBeNull();
  });
});

describe("the popup's history entry", () => {
  it("names the journey only when its state carries a journey link", () => {
    expect(journeyHref({ financeJourney: "/personalised/finance?car_id=abc" })).toBe("/personalised/finance?car_id=abc");
    expect(journeyHref({ financeJourney: "/account" })).toBeNull();
    expect(journeyHref({ financeJourney: 7 })).toBeNull();
    expect(journeyHref(null)).toBeNull();
  });

  it("is this page's own only when this page made it (a reload or a kept entry is not)", () => {
    expect(openedOnThisPage({ financeJourney: "/personalised/finance?car_id=abc", openedBy: "1700000000000-1" })).toBe(false);
    expect(openedOnThisPage(null)).toBe(false);
    expect(openedOnThisPage({ openedBy: 3 })).toBe(false);
  });
});
