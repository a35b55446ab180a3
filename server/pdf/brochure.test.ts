import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { NEW_ARRIVAL_PLACEHOLDER } from "~/domain/galleryRules";
import { beforeAll, describe, expect, it } from "vitest";
import { minimalTenantInput, testTenant } from "../../tests/support/testTenant";
import { parseTenantConfig } from "../tenants/registry";
import { testVehicle } from "../../tests/support/testVehicle";
import { renderBrochure, type BrochureData } from "./brochure";
import { brochureDate, vehicleBrochure } from "./brochureData";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f7f9"/><stop offset="1" stop-color="#d8dce1"/></linearGradient><radialGradient id="sh"><stop offset="0" stop-opacity=".42"/><stop offset="1" stop-opacity="0"/></radialGradient></defs><rect width="600" height="400" fill="url(#bg)"/><circle r="1" fill="url(#sh)" transform="matrix(190 42.7 -99.6 22.4 300 296.7)"/><g stroke-width=".7" stroke-linejoin="round"><path d="M100 300L150 200L450 200L500 300Z" fill="#2759ab" stroke="#2759ab"/><circle cx="180" cy="300" r="40" fill="#0a0b0d"/><ellipse cx="420" cy="300" rx="40" ry="38" fill="#0a0b0d"/><rect x="200" y="210" width="80" height="40" rx="6" fill="#161e26"/></g><text x="300" y="380" text-anchor="middle" font-size="20" font-weight="700" fill="#fff">Walk &amp; talk</text></svg>`;

/** The car's photo as the photo route makes it for the brochure: a JPEG. */
let photo: Buffer;
beforeAll(async () => {
  photo = await sharp(Buffer.from(svg)).resize(1280).jpeg({ quality: 75 }).toBuffer();
});

const data = (over: Partial<BrochureData> = {}): BrochureData => ({
  title: "2022 Toyota HiLux SR5 GUN126R",
  subtitle: "Used · 42,000 km · Stock T1001",
  price: { text: "$54,990", priceType: "Drive Away", wasPrice: "$57,990", note: "Finance from $189 per week" },
  soldNote: null,
  image: { data: photo },
  bodyLabel: "Ute",
  specs: [
    { label: "Odometer", value: "42,000 km" },
    { label: "Transmission", value: "6 Speed Automatic" },
    { label: "Fuel Type", value: "Diesel" },
  ],
  features: Array.from({ length: 35 }, (_, i) => `Feature ${i + 1}`),
  comments: ["One owner, full service history.", "Drives beautifully."],
  dealer: {
    name: "Summit Auto Group",
    location: "Summit Toyota Penrith",
    address: "1 High Street, Penrith NSW 2750",
    phone: "02 4721 3300",
    email: "sales@summit.example",
    licence: "MD 20012",
    website: "summit.example",
  },
  url: "https://summit.example/cars/2022-toyota-hilux",
  brand: "#0b3d91",
  brandContrast: "#ffffff",
  generatedOn: "November 21, 2026",
  ...over,
});

function pdfFile(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "brochure-")), "b.pdf");
  fs.writeFileSync(file, pdf);
  return file;
}

function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-layout", pdfFile(pdf), "-"]).toString("utf8");
}

/** poppler's reading of a tagged PDF: 'Tagged: yes', and its structure tree with the text of each element. */
function pdfInfo(pdf: Buffer, ...args: string[]): string {
  return execFileSync("pdfinfo", [...args, pdfFile(pdf)]).toString("utf8");
}

describe("vehicle brochure PDF", () => {
  it("is a PDF with the title, price, specs, features, comments and the dealer's contact details and licence", async () => {
    const pdf = await renderBrochure(data());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [
      "2022 Toyota HiLux SR5 GUN126R",
      "$54,990",
      "Drive Away",
      "Was $57,990",
      "Key specifications",
      "6 Speed Automatic",
      "Feature 24",
      "and 11 more",
      "One owner, full service history.",
      "02 4721 3300",
      "Dealer Licence MD 20012",
      "1 High Street, Penrith NSW 2750",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Feature 25");
  });

  it("draws a clean panel with the body type when there is no photo, and marks sold cars", async () => {
    const text = pdfText(await renderBrochure(data({ image: null, soldNote: "This car has been sold." })));
    expect(text).toContain("Ute");
    expect(text).toContain("Photos coming soon");
    expect(text).toContain("SOLD");
    expect(text).toContain("This car has been sold.");
  });

  it("survives an unreadable picture", async () => {
    const pdf = await renderBrochure(data({ image: { data: Buffer.from("<html>nope</html>") } }));
    expect(pdfText(pdf)).toContain("Photos coming soon");
  });

  it("puts the dealer's details on every page of a long brochure", async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}: ${"This car has been well looked after. ".repeat(6)}`);
    const text = pdfText(await renderBrochure(data({ comments: long })));
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain("Dealer Licence MD 20012");
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});

describe("the brochure's photo", () => {
  it("is the photo route's JPEG of the car's main photo, drawn into the PDF", async () => {
    const pdf = await renderBrochure(data());
    // pdfkit embeds a JPEG as it is (DCTDecode): the page carries the photo's own bytes.
    expect(pdf.includes(photo.subarray(0, 64))).toBe(true);
    expect(pdf.toString("latin1")).toContain("/DCTDecode");
  });

  it("asks the photo maker for the car's main photo, the new-arrival drawing when it has none, and shows the panel when none can be made", async () => {
    const tenant = testTenant("photo-motors");
    const asked: string[] = [];
    const maker = (answer: Buffer | null) => async (source: string) => (asked.push(source), answer);
    const car = testVehicle({ primary_image_url: "https://photos.dealer.com.au/1.jpg" });
    const withPhoto = await vehicleBrochure(
      tenant,
      car,
      new Date("2026-11-20T00:00:00Z"),
      "https://photo-motors.localhost/cars/x.pdf",
      null,
      maker(photo),
    );
    expect(withPhoto.image?.data).toBe(photo);
    const noPhotos = testVehicle({ primary_image_url: "", images: [], spin_images: [] });
    await vehicleBrochure(tenant, noPhotos, new Date(), "https://photo-motors.localhost/cars/x.pdf", null, maker(photo));
    expect(asked).toEqual(["https://photos.dealer.com.au/1.jpg", NEW_ARRIVAL_PLACEHOLDER]);
    const unmade = await vehicleBrochure(tenant, car, new Date(), "https://photo-motors.localhost/cars/x.pdf", null, maker(null));
    expect(unmade.image).toBeNull();
    const failed = await vehicleBrochure(tenant, car, new Date(), "https://photo-motors.localhost/cars/x.pdf", null, async () => {
      throw new Error("photo service down");
    });
    expect(failed.image).toBeNull();
  });
});

describe("names in any alphabet (issue 26)", () => {
  it("prints 'Ōtautahi', Vietnamese and Cyrillic names as written, in an embedded font, from a dealer's own data", async () => {
    const tenant = parseTenantConfig(
      minimalTenantInput("otautahi-motors", {
        name: "Ōtautahi Motors",
        locations: [
          {
            ...minimalTenantInput("otautahi-motors").locations[0],
            name: "Ōtautahi Motors Christchurch",
            address: { street: "12 Tāmaki Street", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.8, long: 151.2 },
          },
        ],
      }),
      "otautahi-motors/tenant.json",
    );
    const car = testVehicle({
      primary_image_url: "",
      images: [],
      spin_images: [],
      dealercomments: "Traded in by Nguyễn Thị Ánh. Пробег подтверждён.",
    });
    const brochure = await vehicleBrochure(
      tenant,
      car,
      new Date("2026-11-20T00:00:00Z"),
      "https://otautahi-motors.localhost/cars/x.pdf",
      null,
      async () => null,
    );
    const pdf = await renderBrochure(brochure);
    const text = pdfText(pdf);
    for (const expected of [
      "Ōtautahi Motors",
      "Ōtautahi Motors Christchurch",
      "12 Tāmaki Street",
      "Nguyễn Thị Ánh",
      "Пробег подтверждён.",
    ]) {
      expect(text).toContain(expected);
    }
    // The font is embedded (a subset of DejaVu Sans), not the standard Helvetica that cannot print 'Ō'.
    const fonts = execFileSync("pdffonts", [pdfFile(pdf)]).toString("utf8");
    expect(fonts).toMatch(/DejaVuSansCondensed-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).not.toContain("Helvetica");
  });
});

describe("a brochure a screen reader can read (issue 26)", () => {
  it("is tagged: marked, with its language, its title shown, and a structure tree in reading order", async () => {
    const pdf = await renderBrochure(data({ dealer: { ...data().dealer, location: "Summit Toyota Ōtautahi" } }));
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/MarkInfo\s+\d+ 0 R/);
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toContain("/Lang (en-AU)");
    expect(raw).toContain("/DisplayDocTitle true");
    // The photo is a figure with its alternative text (poppler's tree does not print it).
    expect(raw).toMatch(/\/S \/Figure\s*\/Alt \(Photo of the 2022 Toyota HiLux SR5 GUN126R\)/);
    const info = pdfInfo(pdf);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Title:\s+2022 Toyota HiLux SR5 GUN126R/);
    const tree = pdfInfo(pdf, "-struct-text");
    const order = [
      /P[^\n]*\n\s*"Summit Auto Group"/,
      /P[^\n]*\n\s*"02 4721 3300"/,
      /P[^\n]*\n\s*"summit.example"/,
      /H1[^\n]*\n\s*"2022 Toyota HiLux SR5 GUN126R/,
      /Figure\n\s*""/,
      /P[^\n]*\n\s*"\$54,990\s+Drive Away"/,
      /H2[^\n]*\n\s*"Key specifications"/,
      /TH[^\n]*\n\s*"Transmission"/,
      /TD[^\n]*\n\s*"6 Speed Automatic"/,
      /H2[^\n]*\n\s*"Features"/,
      /LBody[^\n]*\n\s*"• {2}Feature 1"/,
      /LBody[^\n]*\n\s*"• {2}Feature 2"/,
      /H2[^\n]*\n\s*"Dealer comments"/,
      /P[^\n]*\n\s*"Summit Toyota Ōtautahi/,
    ];
    let from = 0;
    for (const step of order) {
      const found = step.exec(tree.slice(from));
      expect(found, `${step} after position ${from} of\n${tree}`).not.toBeNull();
      from += (found?.index ?? 0) + (found?.[0].length ?? 0);
    }
    // Bands, rules and the repeated footers are artifacts: the footer is read once, not once per page.
    expect(tree.match(/Summit Toyota Ōtautahi/g)).toHaveLength(1);
  });
});

describe("the brochure's date", () => {
  it("is written the one way the spec writes dates, on the dealer's calendar", () => {
    expect(brochureDate(new Date("2026-11-20T00:00:00Z"), "Australia/Sydney")).toBe("November 20, 2026");
    // 11 pm in UTC on the 20th is 7 am on the 21st in Perth.
    expect(brochureDate(new Date("2026-11-20T23:00:00Z"), "Australia/Perth")).toBe("November 21, 2026");
    expect(brochureDate(new Date("2026-11-20T12:00:00Z"), "Australia/Perth")).toBe("November 20, 2026");
  });

  it("is the day the brochure was prepared, in the dealer's own time zone", async () => {
    const perth = testTenant("perth-motors", { timeZone: "Australia/Perth" });
    const sydney = testTenant("sydney-motors");
    const at = new Date("2026-11-20T14:30:00Z"); // 1:30 am on the 21st in Sydney, 10:30 pm on the 20th in Perth
    const made = async (tenant: typeof perth) =>
      (await vehicleBrochure(tenant, testVehicle(), at, `https://${tenant.slug}.localhost/cars/x.pdf`, null, async () => null)).generatedOn;
    expect(await made(sydney)).toBe("November 21, 2026");
    expect(await made(perth)).toBe("November 20, 2026");
  });
});
