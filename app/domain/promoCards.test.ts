import { describe, expect, it } from "vitest";
import { inDateWindow, insertPromoCards, matchesCarTypes, type PromoCardConfig, type PromoPlacement } from "./promoCards";

const promo = (id: string, over: Partial<PromoCardConfig> = {}): PromoCardConfig => ({
  id,
  title: id,
  text: "",
  href: "/special-offers",
  image: "",
  alt: "",
  display: [],
  strictDisplay: false,
  ...over,
});
const cars = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);
const now = new Date("2026-06-15T10:00:00Z");
const placement = (over: Partial<PromoPlacement> = {}): PromoPlacement => ({
  every: 9,
  randomOffset: false,
  now,
  searchedCarTypes: [],
  ...over,
});
const layout = (items: ReturnType<typeof insertPromoCards<string>>) =>
  items.map((i) => (i.kind === "car" ? i.car : `[${i.promo.id}]`)).join(" ");

describe("insertPromoCards", () => {
  it("inserts a promo after every N cars, each promo once", () => {
    const items = insertPromoCards(cars(21), [promo("a"), promo("b"), promo("c")], placement());
    const positions = items.flatMap((item, i) => (item.kind === "promo" ? [i] : []));
    expect(positions).toEqual([9, 19]);
    expect(items.filter((i) => i.kind === "car")).toHaveLength(21);
  });

  it("uses the tenant's position (6) and a promo's own position", () => {
    expect(layout(insertPromoCards(cars(8), [promo("a")], placement({ every: 6 })))).toBe("c1 c2 c3 c4 c5 c6 [a] c7 c8");
    expect(layout(insertPromoCards(cars(5), [promo("a", { position: 2 })], placement()))).toBe("c1 c2 [a] c3 c4 c5");
  });

  it("puts a promo after the last car when the slot is exactly there, never past it", () => {
    expect(layout(insertPromoCards(cars(6), [promo("a")], placement({ every: 6 })))).toBe("c1 c2 c3 c4 c5 c6 [a]");
    expect(layout(insertPromoCards(cars(5), [promo("a")], placement({ every: 6 })))).toBe("c1 c2 c3 c4 c5");
    expect(insertPromoCards([], [promo("a", { position: 0 })], placement())).toEqual([]);
  });

  it("randomises 1 to 3 places past the position on the dealer that asks for it", () => {
    const at = (r: number) =>
      insertPromoCards(cars(21), [promo("a")], placement({ every: 6, randomOffset: true, random: () => r })).findIndex(
        (i) => i.kind === "promo",
      );
    expect(at(0)).toBe(7);
    expect(at(0.5)).toBe(8);
    expect(at(0.999)).toBe(9);
  });

  it("leaves out promos outside their date window", () => {
    const items = insertPromoCards(
      cars(10),
      [promo("old", { expiry: "2026-06-14" }), promo("later", { start: "2026-07-01" }), promo("today", { expiry: "2026-06-15" })],
      placement(),
    );
    expect(items.filter((i) => i.kind === "promo").map((i) => (i.kind === "promo" ? i.promo.id : ""))).toEqual(["today"]);
  });

  it("orders promos by position first", () => {
    expect(layout(insertPromoCards(cars(4), [promo("late", { position: 3 }), promo("early", { position: 1 })], placement()))).toBe(
      "c1 [early] c2 c3 [late] c4",
    );
  });
});

describe("promo rules", () => {
  it("date window: start inclusive, date-only expiry lasts the whole day", () => {
    expect(inDateWindow({ start: "2026-06-15T10:00:00Z" }, now)).toBe(true);
    expect(inDateWindow({ start: "2026-06-15T10:00:01Z" }, now)).toBe(false);
    expect(inDateWindow({ expiry: "2026-06-15" }, now)).toBe(true);
    expect(inDateWindow({ expiry: "2026-06-15T09:00:00Z" }, now)).toBe(false);
    expect(inDateWindow({ start: "not a date" }, now)).toBe(true);
  });

  it("car type display and strictDisplay", () => {
    expect(matchesCarTypes({ display: [], strictDisplay: true }, ["used"])).toBe(true);
    expect(matchesCarTypes({ display: ["used"], strictDisplay: false }, [])).toBe(true);
    expect(matchesCarTypes({ display: ["used"], strictDisplay: false }, ["new"])).toBe(false);
    expect(matchesCarTypes({ display: ["new", "demo"], strictDisplay: false }, ["new", "used"])).toBe(true);
    expect(matchesCarTypes({ display: ["new", "demo"], strictDisplay: true }, [])).toBe(false);
    expect(matchesCarTypes({ display: ["new", "demo"], strictDisplay: true }, ["new", "used"])).toBe(false);
    expect(matchesCarTypes({ display: ["new", "demo"], strictDisplay: true }, ["demo"])).toBe(true);
  });
});
