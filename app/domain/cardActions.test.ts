import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { cardActions, type CardActionOptions } from "./cardActions";

const options: CardActionOptions = {
  flags: { financeWidgets: true, reserve: true, tradeIn: true },
  paths: { finance: "/finance", testDrive: "/book-test-drive/", checkout: "checkout" },
  primaryLabel: "View Details",
};
const labels = (v = testVehicle(), o = options) => cardActions(v, o).map((a) => a.label);

describe("cardActions", () => {
  it("an available car shows view, finance, reserve, enquire and change-over, in that order", () => {
    expect(labels()).toEqual(["View Details", "Get Finance", "Reserve this Car", "Enquire Now", "Get Change Over Price"]);
  });

  it("uses the dealer's words for reserve and enquire ('Reserve Now', 'Quick Enquiry'), going to the same places", () => {
    const worded = { ...options, reserveLabel: "Reserve Now", enquireLabel: "Quick Enquiry" };
    expect(labels(testVehicle(), worded)).toEqual(["View Details", "Get Finance", "Reserve Now", "Quick Enquiry", "Get Change Over Price"]);
    const plain = cardActions(testVehicle(), options);
    expect(cardActions(testVehicle(), worded).map((a) => a.href)).toEqual(plain.map((a) => a.href));
  });

  it("links each button to the right page", () => {
    const hrefs = Object.fromEntries(
      cardActions(testVehicle({ id: "v 9", slug: "2022-toyota-hilux", nvic: "" }), options).map((a) => [a.kind, a.href]),
    );
    expect(hrefs).toEqual({
      view: "/cars/2022-toyota-hilux",
      finance:
        "/finance?car_id=v+9&car_type=used&vehiclePriceBudget=54990&vin=MR0HA3CD100123456&preferredDealership=alpha-motors#finance-form",
      reserve: "/cars/2022-toyota-hilux/checkout",
      enquire: "/cars/2022-toyota-hilux#enquire",
      "change-over": "/cars/trade-in?car_id=v%209",
    });
  });

  it("'Get Finance' goes to personalised finance for a car with an NVIC code, else to the dealer's finance page", () => {
    const finance = (v: ReturnType<typeof testVehicle>) => cardActions(v, options).find((a) => a.kind === "finance")?.href;
    expect(finance(testVehicle({ id: "car-3", nvic: "0B6X22" }))).toBe("/personalised/finance?car_id=car-3");
    expect(finance(testVehicle({ id: "car-3", nvic: " ", vin: "", offer_price: 49990 }))).toBe(
      "/finance?car_id=car-3&car_type=used&vehiclePriceBudget=49990&preferredDealership=alpha-motors#finance-form",
    );
  });

  it("uses the dealer's finance path, buy-online checkout and primary label", () => {
    const custom = {
      ...options,
      paths: { finance: "/apply-for-finance", testDrive: "/td", checkout: "buy-online" },
      primaryLabel: "Explore Vehicle",
    };
    const actions = cardActions(testVehicle({ id: "7", slug: "s", nvic: "", vin: "" }), custom);
    expect(actions[0]).toEqual({ kind: "view", label: "Explore Vehicle", href: "/cars/s" });
    expect(actions.find((a) => a.kind === "finance")?.href).toMatch(/^\/apply-for-finance\?car_id=7&/);
    expect(actions.find((a) => a.kind === "reserve")?.href).toBe("/cars/s/buy-online");
  });

  it("a sold car shows only 'Find Me Something Similar'", () => {
    expect(cardActions(testVehicle({ status: "sold", slug: "x" }), options)).toEqual([
      { kind: "similar", label: "Find Me Something Similar", href: "/cars/x#similar" },
    ]);
  });

  it("a test-drive-only car shows Book a Test Drive instead of finance and reserve", () => {
    const actions = cardActions(testVehicle({ tag: "Test Drive Only", id: "5" }), options);
    expect(actions.map((a) => a.label)).toEqual(["View Details", "Book a Test Drive", "Enquire Now", "Get Change Over Price"]);
    expect(actions[1].href).toBe("/book-test-drive/?car_id=5");
  });

  it("follows eligibility: no finance or reserve for a reserved car, no trade-in when the dealer has none", () => {
    expect(labels(testVehicle({ reserved: true }))).toEqual(["View Details", "Enquire Now", "Get Change Over Price"]);
    expect(labels(testVehicle(), { ...options, flags: { financeWidgets: false, reserve: false, tradeIn: false } })).toEqual([
      "View Details",
      "Enquire Now",
    ]);
  });
});
