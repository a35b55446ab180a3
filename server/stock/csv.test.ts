import { describe, expect, it } from "vitest";
import { CsvError, csvField, parseCsv } from "./csv";

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe("parseCsv", () => {
  it("splits plain records and fields", () => {
    expect(fields("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields", () => {
    expect(fields('name,comment\nHiLux,"Tow bar, ""as new""\nOne owner"\n')).toEqual([
      ["name", "comment"],
      ["HiLux", 'Tow bar, "as new"\nOne owner'],
    ]);
  });

  it("reports the line each record starts on, counting line breaks inside quotes", () => {
    const records = parseCsv('h1,h2\n"a\nb\nc",1\nx,2\r\ny,3');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5, 6]);
  });

  it("reads CRLF, LF and lone CR line ends alike and turns CRLF inside quotes into LF", () => {
    expect(fields('a,b\r\n"1\r\n2",3\r4,5')).toEqual([
      ["a", "b"],
      ["1\n2", "3"],
      ["4", "5"],
    ]);
  });

  it("keeps empty fields, including trailing ones and quoted empty strings", () => {
    expect(fields('a,,c,\n"",x,,')).toEqual([
      ["a", "", "c", ""],
      ["", "x", "", ""],
    ]);
  });

  it("drops a byte-order mark and blank lines, and needs no final line break", () => {
    const records = parseCsv("\uFEFFstock,price\n\nA1,100\n\n\nA2,200");
    expect(records.map((r) => r.fields)).toEqual([
      ["stock", "price"],
      ["A1", "100"],
      ["A2", "200"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 3, 6]);
  });

  it("keeps a quote written in the middle of an unquoted field", () => {
    expect(fields('wheels\n18" alloys')).toEqual([["wheels"], ['18" alloys']]);
  });

  it("fails with the line where an unclosed quote opened", () => {
    expect(() => parseCsv('a,b\n1,2\n3,"never closed\n4,5')).toThrowError(CsvError);
    try {
      parseCsv('a,b\n1,2\n3,"never closed\n4,5');
    } catch (error) {
      expect((error as CsvError).line).toBe(3);
    }
  });

  it("round-trips values quoted by csvField", () => {
    const values = ["plain", "with, comma", 'with "quote"', "two\nlines", ""];
    expect(fields(values.map(csvField).join(","))).toEqual([values]);
  });

  it("returns nothing for an empty file", () => {
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\n\n")).toEqual([]);
  });
});
