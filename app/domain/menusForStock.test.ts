import { describe, expect, it } from "vitest";
import { menusForStock, searchCarTypes, stockCanFill } from "./menusForStock";

describe("the car types a menu link searches", () => {
  it.each([
    ["/search/used-cars", ["used"]],
    ["/search/demo-cars/", ["demo"]],
    ["/used-car/new-cars", ["new"]],
    ["/search/new-and-demo-cars/toyota", ["new", "demo"]],
    ["/search?car_type=used", ["used"]],
    ["/search/toyota?car_type=new,demo", ["new", "demo"]],
    ["/search/USED-CARS", ["used"]],
  ])("%s searches %j", (href, types) => {
    expect(searchCarTypes(href)).toEqual(types);
  });

  it.each([
    "/search",
    "/search/new-used-and-demo-cars",
    "/search/toyota",
    "/finance",
    "/searching/used-cars",
    "https://example.com/search/used-cars",
  ])("%s is not limited by car type", (href) => {
    expect(searchCarTypes(href)).toBeNull();
  });
});

describe("whether the dealer's stock can fill a link's search", () => {
  it("drops used cars on a new-and-demo dealer, and new cars on a used-only dealer", () => {
    expect(stockCanFill("/search/used-cars", ["new", "demo"])).toBe(false);
    expect(stockCanFill("/search/demo-cars", ["new", "demo"])).toBe(true);
    expect(stockCanFill("/used-car/new-cars", ["used"])).toBe(false);
    expect(stockCanFill("/search/new-and-demo-cars", ["used"])).toBe(false);
    expect(stockCanFill("/search/new-and-demo-cars", ["demo"])).toBe(true);
  });

  it("keeps every link for a dealer whose base filter takes every car type", () => {
    expect(stockCanFill("/search/used-cars", [])).toBe(true);
  });

  it("keeps links that are not car-type searches", () => {
    expect(stockCanFill("/trade-in", ["new"])).toBe(true);
    expect(stockCanFill("/search", ["new"])).toBe(true);
  });
});

describe("a dealer's menus", () => {
  const menus = {
    header: [
      { label: "Home", href: "/", kind: "link", children: [] },
      { label: "Used", href: "/search/used-cars", kind: "link", children: [] },
      { label: "Stock", kind: "stock", children: [] },
      { label: "Cars", kind: "links", children: [{ label: "Used", href: "/search/used-cars" }] },
      {
        label: "Buy",
        kind: "links",
        children: [
          { label: "New", href: "/search/new-cars" },
          { label: "Used", href: "/search/used-cars" },
        ],
      },
    ],
    footer: [
      { title: "Models", kind: "models", links: [] },
      {
        title: "Buyer Tools",
        kind: "links",
        links: [
          { label: "Used Cars", href: "/search/used-cars" },
          { label: "Demo Cars", href: "/search/demo-cars" },
          { label: "Trade-In", href: "/trade-in" },
        ],
      },
      { title: "Pre-owned", kind: "links", links: [{ label: "Used Cars", href: "/search/used-cars" }] },
    ],
  };
  const company = [
    { label: "About Us", href: "/about-us" },
    { label: "Used stock", href: "/search?car_type=used" },
  ];

  it("lose the links a new-and-demo dealer's stock can never fill, and the groups left empty", () => {
    const result = menusForStock(menus, company, ["new", "demo"]);
    expect(result.header.map((i) => i.label)).toEqual(["Home", "Stock", "Buy"]);
    expect(result.header[2].children.map((l) => l.label)).toEqual(["New"]);
    expect(result.footer.map((g) => g.title)).toEqual(["Models", "Buyer Tools"]);
    expect(result.footer[1].links.map((l) => l.label)).toEqual(["Demo Cars", "Trade-In"]);
    expect(result.companyLinks.map((l) => l.label)).toEqual(["About Us"]);
  });

  it("lose the links to pages the dealer has not got, and the groups left empty", () => {
    const noTradeIn = menusForStock(menus, company, [], (href) => href !== "/trade-in" && !href.includes("used"));
    expect(noTradeIn.footer.map((g) => g.title)).toEqual(["Models", "Buyer Tools"]);
    expect(noTradeIn.footer[1].links.map((l) => l.label)).toEqual(["Demo Cars"]);
    expect(noTradeIn.companyLinks.map((l) => l.label)).toEqual(["About Us"]);
  });

  it("stay as they are for a dealer of every car type", () => {
    expect(menusForStock(menus, company, [])).toEqual({ ...menus, companyLinks: company });
  });
});
