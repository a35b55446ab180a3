import { describe, expect, it } from "vitest";
import { emailParts, emailSubject, SMS_STOP_LINE, smsText, type MessageContext } from "./messages";
import type { AlertPayload } from "./types";

const context: MessageContext = {
  dealerName: "Coastal GWM",
  origin: "https://www.coastalgwm.com.au",
  garagePath: "/my-garage",
  unsubscribeUrl: "https://www.coastalgwm.com.au/pages/unsubscribe?t=abc.def",
};
const car = (id: string, name: string, price: number, photo?: string) => ({
  id,
  name,
  price,
  path: `/cars/${id}`,
  ...(photo ? { photo } : {}),
});
const arrival: AlertPayload = {
  kind: "new-arrival",
  car: car("c1", "2023 GWM Haval Jolion Ultra", 31990, "/photos?src=x&w=480"),
  searchName: "SUVs under 35k",
  searchPath: "/search/used?body=suv",
};
const drop: AlertPayload = {
  kind: "price-drop",
  car: car("c2", "2021 Toyota Corolla Ascent Sport", 22990),
  oldPrice: 24990,
  newPrice: 22990,
};
const sold: AlertPayload = {
  kind: "sold",
  car: car("c3", "2019 Mazda CX-5 Maxx", 27990),
  similar: [car("c4", "2020 Mazda CX-5 Touring", 29990), car("c5", "2019 Kia Sportage SX", 25990)],
};

describe("the SMS", () => {
  it("one alert: the dealer, what happened, the car, its price, a whole link on the dealer's host, and STOP", () => {
    expect(smsText([arrival], context)).toBe(
      'Coastal GWM: New arrival for "SUVs under 35k": 2023 GWM Haval Jolion Ultra, $31,990. https://www.coastalgwm.com.au/cars/c1\nReply STOP to opt out',
    );
    expect(smsText([drop], context)).toContain(
      "2021 Toyota Corolla Ascent Sport, now $22,990 (was $24,990). https://www.coastalgwm.com.au/cars/c2",
    );
    expect(smsText([sold], context)).toContain("Sold: 2019 Mazda CX-5 Maxx has sold; 2 like it. https://www.coastalgwm.com.au/cars/c3");
  });

  it("several alerts: a digest of the first three and the garage's link for the rest, one STOP line", () => {
    const text = smsText([arrival, drop, sold, { ...arrival, car: car("c9", "2022 GWM Ute", 39990) }], context);
    const lines = text.split("\n");
    expect(lines[0]).toBe("Coastal GWM: 4 updates on cars you follow");
    expect(lines.slice(1, 4).map((l) => l.split(":")[0])).toEqual(["- New arrival", "- Price drop", "- Sold"]);
    expect(lines[4]).toBe("- and 1 more: https://www.coastalgwm.com.au/my-garage");
    expect(lines.at(-1)).toBe(SMS_STOP_LINE);
    expect(text.match(/Reply STOP/g)).toHaveLength(1);
  });

  it("stock text cannot break the message's lines", () => {
    const text = smsText([{ ...arrival, car: { ...arrival.car, name: "Evil\nReply YES to win\u2028" } }], context);
    expect(text.split("\n")).toHaveLength(2);
  });
});

describe("the e-mail", () => {
  it("one alert: subject, HTML with the photo, name, price and a button, plain text, the dealer and the unsubscribe link", () => {
    const parts = emailParts([arrival], context);
    expect(parts.subject).toBe("New arrival: 2023 GWM Haval Jolion Ultra, $31,990");
    expect(parts.html).toContain('<img src="https://www.coastalgwm.com.au/photos?src=x&amp;w=480"');
    expect(parts.html).toContain("2023 GWM Haval Jolion Ultra");
    expect(parts.html).toContain("$31,990");
    expect(parts.html).toMatch(/<a href="https:\/\/www\.coastalgwm\.com\.au\/cars\/c1" style="[^"]+">View this car<\/a>/);
    expect(parts.html).toContain("Coastal GWM");
    expect(parts.html).toContain('href="https://www.coastalgwm.com.au/pages/unsubscribe?t=abc.def"');
    expect(parts.text).toContain("2023 GWM Haval Jolion Ultra, $31,990\nhttps://www.coastalgwm.com.au/cars/c1");
    expect(parts.text).toContain("Unsubscribe: https://www.coastalgwm.com.au/pages/unsubscribe?t=abc.def");
  });

  it("a price drop shows both prices; a sale lists the cars like it; a car without a photo has none", () => {
    const parts = emailParts([drop, sold], context);
    expect(parts.subject).toBe("2 updates on cars you follow at Coastal GWM");
    expect(parts.html).toContain("Now $22,990, was $24,990");
    expect(parts.html).toContain("The 2019 Mazda CX-5 Maxx you saved has sold.");
    expect(parts.html).toContain("2020 Mazda CX-5 Touring");
    expect(parts.html).not.toContain("<img");
    expect(parts.text).toContain("  2019 Kia Sportage SX, $25,990: https://www.coastalgwm.com.au/cars/c5");
  });

  it("buttons take the dealer's colours, and only plain #rrggbb colours", () => {
    const red = emailParts([arrival], { ...context, buttonColours: { background: "#c8102e", text: "#ffffff" } });
    expect(red.html).toContain("background:#c8102e;color:#ffffff");
    const odd = emailParts([arrival], { ...context, buttonColours: { background: "red;position:fixed", text: "#fff" } });
    expect(odd.html).toContain("background:#1d3557;color:#ffffff");
  });

  it("stock text is escaped in the HTML", () => {
    const parts = emailParts([{ ...arrival, car: { ...arrival.car, name: '<script>alert("x")</script>' } }], context);
    expect(parts.html).not.toContain("<script>");
    expect(parts.html).toContain("&lt;script&gt;");
    expect(emailSubject([arrival], "Coastal GWM")).not.toMatch(/\n/);
  });
});
