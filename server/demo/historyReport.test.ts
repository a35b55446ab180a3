import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testTenant } from "../../tests/support/testTenant";
import { generateDemoStock } from "./demoStock";
import { renderHistoryReport } from "./historyReport";

const NOW = new Date("2026-03-15T10:00:00Z");
const dealer = testTenant("ridge-used-cars", { name: "Ōtautahi Used Cars", search: { baseFilter: { carTypes: ["used"] } } });

function pdfFile(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "history-")), "h.pdf");
  fs.writeFileSync(file, pdf);
  return file;
}

describe("the demo stock's history report", () => {
  it("is one page naming the car, its VIN and that it is a sample, dated the way the site writes dates", async () => {
    const [car] = generateDemoStock(dealer, { count: 1, now: NOW });
    const pdf = await renderHistoryReport({ ...car, vin: "JTNKU3JE60J123456" }, dealer, NOW);
    const file = pdfFile(pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(execFileSync("pdfinfo", [file]).toString("utf8")).toMatch(/Pages:\s+1\n/);
    expect(text).toContain(car.name);
    expect(text).toContain("JTNKU3JE60J123456");
    expect(text).toContain("Sample report for demonstration stock");
    expect(text).toMatch(/report prepared March 1[45], 2026/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The dealer's name as written, in the brochure's embedded typeface (never Helvetica's WinAnsi).
    expect(text).toContain("Ōtautahi Used Cars");
    const fonts = execFileSync("pdffonts", [file]).toString("utf8");
    expect(fonts).toMatch(/DejaVuSansCondensed/);
    expect(fonts).not.toMatch(/Helvetica/);
  });
});
