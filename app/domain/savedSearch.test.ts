import { describe, expect, it } from "vitest";
import {
  consentWords,
  isSavedSearchErrorCode,
  saveOutcomeOf,
  SAVED_SEARCH_NAME_MAX,
  savedSearchName,
  searchInWords,
  searchSummary,
  SEARCH_ERROR_KEY,
  SEARCH_SAVED_KEY,
  withoutSaveOutcome,
  withSaveOutcome,
  watchlistAlertRoute,
  type SavedSearchQuery,
} from "./savedSearch";

const search = (over: Partial<SavedSearchQuery> = {}): SavedSearchQuery => ({ query: "", filters: {}, ranges: {}, ...over });

describe("savedSearchName: the name a search is offered under", () => {
  it("says the subject and the price as the issue's example does", () => {
    expect(
      savedSearchName(search({ filters: { car_type: ["used"], make: ["Toyota"], model: ["Corolla"] }, ranges: { price: { max: 30000 } } })),
    ).toBe("Used Toyota Corolla under $30,000");
  });

  it("every car, with nothing chosen", () => {
    expect(savedSearchName(search())).toBe("Cars");
  });

  it("says where, price from and to, years and kilometres", () => {
    expect(
      savedSearchName(
        search({
          filters: { body: ["SUV"], dealership_name: ["Summit Parramatta"] },
          ranges: { price: { min: 10000, max: 30000 }, year: { min: 2019 }, km: { max: 50000 } },
        }),
      ),
    ).toBe("SUVs at Summit Parramatta $10,000 to $30,000, from 2019, under 50,000 km");
  });

  it("puts the words typed first", () => {
    expect(savedSearchName(search({ query: "sunroof" }))).toBe("“sunroof” cars");
    expect(savedSearchName(search({ query: "hybrid", filters: { make: ["Toyota"] } }))).toBe("“hybrid” Toyota");
  });

  it("never runs past the name's limit", () => {
    const name = savedSearchName(search({ query: "x".repeat(100), filters: { make: ["Toyota"] } }));
    expect(Array.from(name).length).toBe(SAVED_SEARCH_NAME_MAX);
    expect(name.endsWith("…")).toBe(true);
  });
});

describe("searchInWords: the filters in words", () => {
  it("one line a filter, values joined by 'or', ranges in words", () => {
    expect(
      searchInWords(
        search({
          query: "tow bar",
          filters: { car_type: ["used", "demo"], make: ["Toyota"], model: ["Corolla", "Camry"], seats: ["7"] },
          ranges: { price: { max: 30000 }, km: { min: 1000, max: 60000 }, year: { max: 2020 } },
        }),
      ),
    ).toEqual([
      "Keywords: “tow bar”",
      "Condition: Used or Demo",
      "Make: Toyota",
      "Model: Corolla or Camry",
      "Seats: 7 seats",
      "Kilometres: 1,000 km to 60,000 km",
      "Price: under $30,000",
      "Year: up to 2020",
    ]);
  });

  it("leaves the listing time out and says 'All cars' for no filter", () => {
    const nothing = search({ ranges: { created_at_timestamp: { min: 1 } } });
    expect(searchInWords(nothing)).toEqual([]);
    expect(searchSummary(nothing)).toBe("All cars");
    expect(searchSummary(search({ filters: { make: ["Mazda"] }, ranges: { price: { min: 5000 } } }))).toBe(
      "Make: Mazda · Price: from $5,000",
    );
  });
});

describe("the consent line and the error codes", () => {
  it("names the dealer", () => {
    expect(consentWords("Summit Auto Group")).toBe(
      "I agree to receive alerts about cars matching this search from Summit Auto Group by SMS or e-mail. Unsubscribe at any time.",
    );
  });

  it("knows its codes and nothing else", () => {
    expect(isSavedSearchErrorCode("limit")).toBe(true);
    expect(isSavedSearchErrorCode("saved")).toBe(false);
    expect(isSavedSearchErrorCode("toString")).toBe(false);
    expect(isSavedSearchErrorCode(undefined)).toBe(false);
  });
});

describe("the save's outcome in the results page's address", () => {
  it("is added after the page's own query and taken off again, the rest as written", () => {
    expect(withSaveOutcome("/search/used-cars?price=:30000", SEARCH_SAVED_KEY, "1")).toBe("/search/used-cars?price=:30000&search_saved=1");
    expect(withSaveOutcome("/search?search_error=limit&saved=car-1#save-search", SEARCH_ERROR_KEY, "failed")).toBe(
      "/search?search_error=failed",
    );
    expect(withoutSaveOutcome("?make=Toyota&search_saved=1&price=5000:20000")).toBe("?make=Toyota&price=5000:20000");
    expect(withoutSaveOutcome("?search_saved=1")).toBe("");
  });

  it("is read back only when it is one the site writes", () => {
    expect(saveOutcomeOf(new URLSearchParams("search_saved=1"))).toEqual({ saved: true });
    expect(saveOutcomeOf(new URLSearchParams("search_error=limit"))).toEqual({ saved: false, error: "limit" });
    expect(saveOutcomeOf(new URLSearchParams("search_error=<script>"))).toBeNull();
    expect(saveOutcomeOf(new URLSearchParams("search_saved=yes"))).toBeNull();
  });
});

describe("watchlistAlertRoute: where price drops and sales of saved cars go", () => {
  const phone = "+61412000111";
  const sms = { channel: "sms" as const, email: "", paused: false };
  const mail = (email: string, paused = false) => ({ channel: "email" as const, email, paused });

  it("the newest live search whose address has consent", () => {
    const consented = new Set(["sms:+61412000111", "email:ava@example.com"]);
    const yes = (r: { channel: string; address: string }) => consented.has(`${r.channel}:${r.address}`);
    expect(watchlistAlertRoute([mail(" Ava@Example.com "), sms], phone, yes)).toEqual({ channel: "email", address: "ava@example.com" });
    // A paused search, or one whose address withdrew consent, is passed over.
    expect(watchlistAlertRoute([mail("ava@example.com", true), sms], phone, yes)).toEqual({ channel: "sms", address: phone });
    expect(watchlistAlertRoute([mail("gone@example.com"), sms], phone, yes)).toEqual({ channel: "sms", address: phone });
  });

  it("none without a saved search or consent: never assumed from saving a car", () => {
    expect(watchlistAlertRoute([], phone, () => true)).toBeNull();
    expect(watchlistAlertRoute([sms, mail("a@b.co")], phone, () => false)).toBeNull();
  });
});
