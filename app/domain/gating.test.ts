import { describe, expect, it } from "vitest";
import { gatedSignInType, isSignInType, signInTypeForPath, SIGN_IN_TYPES, type GatedSignInType, type GatingConfig } from "./gating";

const ALL: GatedSignInType[] = ["trade-in", "checkout", "finance", "spin-to-win", "online-payment", "car-finance", "my-garage"];
const on: GatingConfig = { enabled: true, kinds: ALL };
const off: GatingConfig = { enabled: false, kinds: ALL };

describe("signInTypeForPath: the spec's gated routes", () => {
  it("gates /cars/trade-in only with a car (car_id), as trade-in", () => {
    expect(signInTypeForPath("/cars/trade-in", "?car_id=abc123")).toBe("trade-in");
    expect(signInTypeForPath("/cars/trade-in", "")).toBeNull();
    expect(signInTypeForPath("/cars/trade-in", "?car_id=")).toBeNull();
    expect(signInTypeForPath("/trade-in", "?car_id=abc123")).toBeNull();
  });

  it("gates /sell-my-car as trade-in", () => {
    expect(signInTypeForPath("/sell-my-car", "")).toBe("trade-in");
    expect(signInTypeForPath("/sell-my-car/", "")).toBe("trade-in");
  });

  it("gates a car's checkout (either path) but not /cars/checkout without a car slug", () => {
    expect(signInTypeForPath("/cars/2022-toyota-hilux-abc/checkout", "")).toBe("checkout");
    expect(signInTypeForPath("/cars/2022-toyota-hilux-abc/buy-online", "")).toBe("checkout");
    expect(signInTypeForPath("/cars/checkout", "")).toBeNull();
    expect(signInTypeForPath("/cars/2022-toyota-hilux-abc", "")).toBeNull();
  });

  it("gates /personalised/finance as finance", () => {
    expect(signInTypeForPath("/personalised/finance", "")).toBe("finance");
  });

  it("gates /finance only with search params, as car-finance; campaign tags alone do not count", () => {
    expect(signInTypeForPath("/finance", "?car_id=abc")).toBe("car-finance");
    expect(signInTypeForPath("/finance", "?vehiclePriceBudget=30000")).toBe("car-finance");
    expect(signInTypeForPath("/finance", "")).toBeNull();
    expect(signInTypeForPath("/finance", "?utm_source=facebook&gclid=x")).toBeNull();
    // The page's own data request in the browser (single fetch's _routes, as its loader sees it) is the same page.
    expect(signInTypeForPath("/finance", "?_routes=routes%2Ffinance")).toBeNull();
    expect(signInTypeForPath("/finance", "?car_id=abc&_routes=root%2Croutes%2Ffinance")).toBe("car-finance");
    expect(signInTypeForPath("/finance", `?${new URLSearchParams({ _data: "routes/finance", index: "" })}`)).toBeNull();
    expect(signInTypeForPath("/finance-enquiry", "?car_id=abc")).toBe("car-finance");
    expect(signInTypeForPath("/apply-for-finance", "?car_id=abc")).toBe("car-finance");
  });

  it("gates the dealer's own finance path with search params", () => {
    expect(signInTypeForPath("/car-loans", "?car_id=abc", { finance: "/car-loans" })).toBe("car-finance");
    expect(signInTypeForPath("/car-loans", "?car_id=abc")).toBeNull();
  });

  it("gates /spin-to-win and /online-payment as their own types", () => {
    expect(signInTypeForPath("/spin-to-win", "")).toBe("spin-to-win");
    expect(signInTypeForPath("/online-payment", "?ref=1")).toBe("online-payment");
  });

  it("gates every garage page (and the pages under it) as my-garage", () => {
    for (const path of ["/my-garage", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco", "/my-garage/saved"]) {
      expect(signInTypeForPath(path, ""), path).toBe("my-garage");
    }
    expect(signInTypeForPath("/our-garage", "", { watchlist: "/our-garage" })).toBe("my-garage");
    expect(signInTypeForPath("/my-garage-sale", "")).toBeNull();
  });

  it("reads paths as the browser may send them (case, doubled and trailing slashes)", () => {
    expect(signInTypeForPath("/Cars/Trade-In/", "car_id=1")).toBe("trade-in");
    expect(signInTypeForPath("//spin-to-win", "")).toBe("spin-to-win");
  });

  it("leaves every other page open", () => {
    for (const path of ["/", "/search", "/cars/2022-toyota-hilux-abc", "/book-test-drive", "/sign-in", "/success"]) {
      expect(signInTypeForPath(path, "?car_id=1"), path).toBeNull();
    }
  });
});

describe("gatedSignInType: the dealer's gating block", () => {
  it("gates nothing when the dealer's gating is off", () => {
    expect(gatedSignInType("/cars/trade-in", "?car_id=1", off)).toBeNull();
    expect(gatedSignInType("/my-garage", "", off)).toBeNull();
  });

  it("gates every kind when on with the default list", () => {
    expect(gatedSignInType("/cars/trade-in", "?car_id=1", on)).toBe("trade-in");
    expect(gatedSignInType("/finance", "?car_id=1", on)).toBe("car-finance");
    expect(gatedSignInType("/cars/x/checkout", "", on)).toBe("checkout");
  });

  it("gates only the kinds the dealer lists", () => {
    const some: GatingConfig = { enabled: true, kinds: ["trade-in", "checkout", "my-garage"] };
    expect(gatedSignInType("/cars/trade-in", "?car_id=1", some)).toBe("trade-in");
    expect(gatedSignInType("/finance", "?car_id=1", some)).toBeNull();
    expect(gatedSignInType("/spin-to-win", "", some)).toBeNull();
  });
});

describe("sign-in types", () => {
  it("are the spec's eight, watchlist included, and saving a search (issue 27)", () => {
    expect(SIGN_IN_TYPES).toEqual([...ALL, "watchlist", "saved-search"]);
    expect(isSignInType("watchlist")).toBe(true);
    expect(isSignInType("admin")).toBe(false);
    expect(isSignInType(undefined)).toBe(false);
  });
});
