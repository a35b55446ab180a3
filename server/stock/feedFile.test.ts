import { describe, expect, it } from "vitest";
import { decodeFeed, FeedFileError, formatOfFileName, readXmlItems, sniffFormat } from "./feedFile";
import { parseCsv, sniffDelimiter } from "./csv";

describe("decodeFeed", () => {
  it("reads UTF-8 (with or without its byte-order mark) and UTF-16 with one", () => {
    expect(decodeFeed(new TextEncoder().encode("make\nCitroën\n"))).toEqual({ text: "make\nCitroën\n" });
    expect(decodeFeed(Buffer.from("\uFEFFmake", "utf8")).text).toBe("make");
    expect(decodeFeed(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("make,Škoda", "utf16le")])).text).toBe("make,Škoda");
  });

  it("reads bytes that are not UTF-8 as Windows-1252 and says so, never as replacement characters", () => {
    const decoded = decodeFeed(Buffer.from("colour\nCrème – Brûlée\n", "latin1"));
    expect(decoded.text).not.toContain("\uFFFD");
    expect(decoded.text.startsWith("colour\nCr\u00e8me")).toBe(true);
    expect(decoded.note).toMatch(/not UTF-8: it was read as Windows-1252/);
  });
});

describe("readXmlItems", () => {
  it("reads each vehicle element with the line it starts on, nested fields kept and named components as fields", () => {
    const xml = [
      '<?xml version="1.0"?>',
      "<listings>",
      "  <title>Feed</title>",
      "  <listing><vehicle_id>A1</vehicle_id><mileage><value>1500</value><unit>KM</unit></mileage>",
      '    <address format="simple"><component name="city">Parramatta</component></address></listing>',
      "  <listing><vehicle_id>00123</vehicle_id><image><url>https://x.example/1.jpg</url></image></listing>",
      "</listings>",
    ].join("\n");
    const items = readXmlItems(xml, ["listing"]);
    expect(items.map((i) => i.line)).toEqual([4, 6]);
    expect(items[0].data).toMatchObject({ vehicle_id: "A1", mileage: { value: "1500", unit: "KM" }, address: { city: "Parramatta" } });
    // Text stays text: a stock number with leading zeros is not a number.
    expect(items[1].data.vehicle_id).toBe("00123");
  });

  it("refuses entity declarations (the XML bomb), XML that is not well formed, and XML with no vehicles", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><listings><listing><make>&b;</make></listing></listings>`;
    expect(() => readXmlItems(bomb, ["listing"])).toThrow(
      new FeedFileError("XML with entity declarations (<!ENTITY>) is not accepted as a stock feed"),
    );
    expect(() => readXmlItems("<listings><listing></listings>", ["listing"])).toThrow(/^not valid XML/);
    expect(() => readXmlItems("<a>".repeat(100_000) + "</a>".repeat(100_000), ["listing"])).toThrow(FeedFileError);
    expect(() => readXmlItems("<feed><car/></feed>", ["listing"])).toThrow(
      "no vehicles found: the XML has no <listing> elements (looked for <listing>)",
    );
  });
});

describe("formats", () => {
  it("knows a feed's format from its file name, its Content-Type or its first character", () => {
    expect(["a.csv", "b.TSV", "c.json", "d.xml", "e.txt"].map(formatOfFileName)).toEqual(["csv", "tsv", "json", "xml", null]);
    expect(sniffFormat("https://feeds.example/meta.xml?key=1", "", "")).toBe("xml");
    expect(sniffFormat("https://feeds.example/export", "application/json; charset=utf-8", "")).toBe("json");
    expect(sniffFormat("https://feeds.example/export", "text/tab-separated-values", "")).toBe("tsv");
    expect(sniffFormat("https://feeds.example/export", "application/octet-stream", "\uFEFF <listings/>")).toBe("xml");
    expect(sniffFormat("https://feeds.example/export", "", "stocknum,make")).toBe("csv");
  });

  it("reads a tab-separated file when its header has tabs and no commas", () => {
    expect(sniffDelimiter("id\tmake\tprice\n1\tKia\t1,000\n")).toBe("\t");
    expect(sniffDelimiter("id,make\n")).toBe(",");
    expect(parseCsv('id\tnote\n1\t"a\tb"\n', "\t").map((r) => r.fields)).toEqual([
      ["id", "note"],
      ["1", "a\tb"],
    ]);
  });
});
