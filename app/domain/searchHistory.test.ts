import { describe, expect, it } from "vitest";
import {
  addSearch,
  addViewedCar,
  readFavourites,
  readSearchHistory,
  storageKey,
  toggleFavourite,
  type SearchHistoryEntry,
} from "./searchHistory";

const entry = (n: number, filters: Record<string, string[]> = { make: [`Make${n}`] }): SearchHistoryEntry => ({
  path: `/search?make=Make${n}`,
  label: `Make${n}`,
  filters,
});

describe("search history", () => {
  it("keeps the latest 5, newest first", () => {
    let history: SearchHistoryEntry[] = [];
    for (let n = 1; n <= 7; n++) history = addSearch(history, entry(n));
    expect(history.map((e) => e.label)).toEqual(["Make7", "Make6", "Make5", "Make4", "Make3"]);
  });

  it("moves a repeated search to the front instead of storing it twice", () => {
    const history = addSearch(addSearch(addSearch([], entry(1)), entry(2)), entry(1));
    expect(history.map((e) => e.label)).toEqual(["Make1", "Make2"]);
  });

  it("ignores searches without filters or without a path", () => {
    expect(addSearch([], entry(1, {}))).toEqual([]);
    expect(addSearch([], entry(1, { make: [""] }))).toEqual([]);
    expect(addSearch([], { ...entry(1), path: "" })).toEqual([]);
  });

  it("reads only well-formed, same-site entries back", () => {
    const raw = JSON.stringify([entry(1), { path: "//evil.example", label: "x", filters: {} }, { nope: 1 }, entry(2)]);
    expect(readSearchHistory(raw).map((e) => e.label)).toEqual(["Make1", "Make2"]);
    expect(readSearchHistory("{not json")).toEqual([]);
    expect(readSearchHistory(null)).toEqual([]);
  });
});

describe("viewed cars and favourites", () => {
  const car = { id: "1", stocknum: "S1", make: "Toyota", model: "HiLux", body: "Ute", simple_body: "ute" };

  it("remembers a viewed car once, most recent first", () => {
    const viewed = addViewedCar(addViewedCar(addViewedCar([], car), { ...car, id: "2" }), car);
    expect(viewed.map((c) => c.id)).toEqual(["1", "2"]);
  });

  it("toggles a favourite by id", () => {
    const fav = { id: "1", name: "2022 Toyota HiLux", slug: "s", make: "Toyota", model: "HiLux", primary_image_url: "/a.jpg" };
    const once = toggleFavourite([], fav);
    expect(once).toEqual([fav]);
    expect(toggleFavourite(once, { ...fav, name: "changed" })).toEqual([]);
    expect(readFavourites(JSON.stringify([fav, { id: 2 }]))).toEqual([fav]);
  });

  it("keys every list by the site slug", () => {
    expect(storageKey("westside-used", "favourites")).toBe("westside-used:favourites");
    expect(storageKey("coastal-gwm", "searchHistory")).not.toBe(storageKey("westside-used", "searchHistory"));
  });
});
