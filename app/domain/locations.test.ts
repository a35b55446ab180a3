import { describe, expect, it } from "vitest";
import {
  addressLine,
  dedupeSameStreet,
  departmentsAtAddress,
  directionsUrl,
  gridColumns,
  gridFilterOf,
  locationNameSlug,
  locationPhones,
  locationsForBlock,
  sortLocations,
  type LocationLike,
  type LocationType,
} from "./locations";

function location(
  id: string,
  type: LocationType,
  overrides: Partial<LocationLike> = {},
  street = "1 Main Road",
  phone = "02 9000 0000",
): LocationLike {
  return {
    id,
    slug: `loc-${id}`,
    name: `Location ${id}`,
    primary: false,
    visible: true,
    location_type: type,
    address: { street, city: "Sydney", state: "NSW", postcode: "2000", lat: -33.8, long: 151.2 },
    contact_detail: { phone },
    ...overrides,
  };
}

const parts = location("p", "parts");
const service = location("s", "service");
const sales = location("a", "sales");
const sales2 = location("b", "sales", { primary: true });
const hidden = location("h", "sales", { visible: false });

describe("sortLocations and location blocks", () => {
  it("sorts sales, then service, then parts, keeping the configured order, without hidden locations", () => {
    expect(sortLocations([parts, service, sales, hidden, sales2]).map((l) => l.id)).toEqual(["a", "b", "s", "p"]);
  });

  it("accepts primary, sales, service, parts, service-and-parts, all or a location id", () => {
    const all = [parts, service, sales, sales2, hidden];
    const ids = (filter: string) => locationsForBlock(all, filter).map((l) => l.id);
    expect(ids("primary")).toEqual(["b"]);
    expect(locationsForBlock([parts, sales], "primary").map((l) => l.id)).toEqual(["a"]);
    expect(ids("sales")).toEqual(["a", "b"]);
    expect(ids("service")).toEqual(["s"]);
    expect(ids("parts")).toEqual(["p"]);
    expect(ids("service-and-parts")).toEqual(["s", "p"]);
    expect(ids("all")).toEqual(["a", "b", "s", "p"]);
    expect(ids("s")).toEqual(["s"]);
    expect(ids("h")).toEqual([]);
    expect(ids("nonsense")).toEqual([]);
  });

  it("reads the grid filter from the query, 'all' for anything else", () => {
    expect(gridFilterOf("service")).toBe("service");
    expect(gridFilterOf("<script>")).toBe("all");
    expect(gridFilterOf(null)).toBe("all");
  });
});

describe("gridColumns", () => {
  it("gives fewer than three cards a column each, six cards two rows of three, more than six four columns wide", () => {
    expect(gridColumns(1)).toEqual({ narrow: 1, wide: 1 });
    expect(gridColumns(2)).toEqual({ narrow: 2, wide: 2 });
    expect(gridColumns(3)).toEqual({ narrow: 3, wide: 3 });
    expect(gridColumns(6)).toEqual({ narrow: 3, wide: 3 });
    expect(gridColumns(7)).toEqual({ narrow: 3, wide: 4 });
    expect(gridColumns(0)).toEqual({ narrow: 1, wide: 1 });
  });
});

describe("de-duplication", () => {
  it("removes a second location at the same street address", () => {
    const twin = location("t", "service", {}, " 1  main road ");
    const other = location("o", "service", {}, "3 Main Road");
    expect(dedupeSameStreet([sales, twin, other]).map((l) => l.id)).toEqual(["a", "o"]);
  });

  it("drops phone numbers already shown when the dealer asks, however they are written", () => {
    const a = location("a", "sales", { contact_detail: { phone: "02 9000 0000", landline_phone: "(02) 9000 0000" } });
    const b = location("b", "service", { contact_detail: { phone: "+61 2 9000 0000", landline_phone: "02 9000 1111" } });
    expect([...locationPhones([a, b], true)]).toEqual([
      ["a", ["02 9000 0000"]],
      ["b", ["02 9000 1111"]],
    ]);
    expect(locationPhones([a, b], false).get("b")).toEqual(["+61 2 9000 0000", "02 9000 1111"]);
  });
});

describe("departments at one address and directions", () => {
  it("finds the sales, service and parts departments on the same street and postcode", () => {
    const yard = location("y", "sales", {}, "88 Ferry Road");
    const workshop = location("w", "service", {}, "92-94 Ferry Road");
    const elsewhere = location("e", "parts", {}, "10 Other Street");
    expect(departmentsAtAddress([workshop, elsewhere, yard], yard).map((l) => l.id)).toEqual(["y", "w"]);
    expect(departmentsAtAddress([elsewhere], elsewhere).map((l) => l.id)).toEqual(["e"]);
  });

  it("links directions to the place's own map, or to its address and Google place, never to bare coordinates", () => {
    expect(directionsUrl(sales)).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(sales))}`);
    const withPlace = location("p", "sales", { address: { ...sales.address, place_id: "ChIJN1t_tDeuEmsRUsoyG83frY4" } });
    expect(directionsUrl(withPlace)).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(sales))}&destination_place_id=ChIJN1t_tDeuEmsRUsoyG83frY4`,
    );
    const placed = location("x", "sales", { address: { ...sales.address, place_url: "https://maps.example.com/p" } });
    expect(directionsUrl(placed)).toBe("https://maps.example.com/p");
  });
});

describe("locationNameSlug", () => {
  it("turns a location's name into an address", () => {
    expect(locationNameSlug("Coastal GWM & Haval Southport")).toBe("coastal-gwm-and-haval-southport");
    expect(locationNameSlug("  Summit  Hyundai (Service) ")).toBe("summit-hyundai-service");
  });
});
