import { describe, expect, it } from "vitest";
import {
  leadKind,
  looksLikeContactDetails,
  reportedDetails,
  reportedLead,
  reportedPageAddress,
  tagMessages,
  type TagMessages,
  type TaggedCar,
} from "./analyticsPayloads";
import { EVENT } from "./analyticsEvents";

const corolla: TaggedCar = {
  id: "ws-10042",
  name: "2021 Toyota Corolla Ascent Sport ZWE211R",
  make: "Toyota",
  model: "Corolla",
  year: 2021,
  body: "Hatch",
  carType: "used",
  itemType: "car",
  certified: false,
  price: 24990,
};

/** A shopper as they fill in a form: every one of these must stay out of what the tags are told. */
const SHOPPER = {
  name: "Priscilla",
  last_name: "Quokka-Smith",
  email: "priscilla.q@example.com",
  phone: "0412 345 678",
  mobile: "+61 412 345 678",
  postcode: "2150",
  message: "Call me after 5pm about the white one",
  rego: "ABC12D",
};
const PII_TOKENS = [
  "Priscilla",
  "Quokka",
  "priscilla.q",
  "@example.com",
  "0412",
  "412 345 678",
  "412345678",
  "2150",
  "after 5pm",
  "ABC12D",
];

/** Every string and number in the messages, as JSON: what could reach an analytics host. */
const sent = (messages: TagMessages) => JSON.stringify(messages);
function expectNoPii(messages: TagMessages) {
  const text = sent(messages);
  for (const token of PII_TOKENS) expect(text, `leaked ${token}`).not.toContain(token);
}

describe("a vehicle page seen", () => {
  it("is GA4's view_item with the car as its one item, for GTM's dataLayer (after clearing ecommerce) and for gtag", () => {
    const messages = tagMessages({ type: "vehicle view", car: corolla });
    const ecommerce = {
      currency: "AUD",
      value: 24990,
      items: [
        {
          item_id: "ws-10042",
          item_name: "2021 Toyota Corolla Ascent Sport ZWE211R",
          item_brand: "Toyota",
          item_category: "Hatch",
          item_category2: "Used",
          price: 24990,
          quantity: 1,
        },
      ],
    };
    expect(messages.dataLayer).toEqual([{ ecommerce: null }, { event: "view_item", ecommerce }]);
    expect(messages.gtag).toEqual([{ name: "view_item", params: ecommerce }]);
  });

  it("is Meta's ViewContent with the car's id, name and value in AUD, and the automotive make, model, year and state", () => {
    const [call] = tagMessages({ type: "vehicle view", car: corolla }).meta;
    expect(call).toEqual({
      method: "track",
      name: "ViewContent",
      params: {
        content_ids: ["ws-10042"],
        content_type: "vehicle",
        content_name: "2021 Toyota Corolla Ascent Sport ZWE211R",
        content_category: "Hatch",
        value: 24990,
        currency: "AUD",
        make: "Toyota",
        model: "Corolla",
        year: 2021,
        state_of_vehicle: "Used",
        body_style: "hatch",
        price: 24990,
      },
    });
  });

  it("names a new car New, a certified used car CPO, and a caravan a product without automotive fields", () => {
    const meta = (car: Partial<TaggedCar>) => tagMessages({ type: "vehicle view", car: { ...corolla, ...car } }).meta[0].params;
    expect(meta({ carType: "new" }).state_of_vehicle).toBe("New");
    expect(meta({ certified: true }).state_of_vehicle).toBe("CPO");
    expect(meta({ carType: "demo" }).state_of_vehicle).toBe("Used");
    const caravan = meta({ itemType: "caravan" });
    expect(caravan.content_type).toBe("product");
    expect(caravan).not.toHaveProperty("make");
    expect(caravan).not.toHaveProperty("state_of_vehicle");
  });

  it("reports no value or currency for a car without a price, and the car type when the body is unknown", () => {
    const messages = tagMessages({ type: "vehicle view", car: { ...corolla, price: 0, body: "" } });
    const ecommerce = messages.gtag[0].params as { items: Record<string, unknown>[] };
    expect(ecommerce).not.toHaveProperty("value");
    expect(ecommerce).not.toHaveProperty("currency");
    expect(ecommerce.items[0]).toEqual({
      item_id: "ws-10042",
      item_name: corolla.name,
      item_brand: "Toyota",
      item_category: "Used",
      quantity: 1,
    });
    expect(messages.meta[0].params).not.toHaveProperty("value");
  });
});

describe("a lead stored", () => {
  const lead = reportedLead(
    {
      id: "9b2f8a8e-0d1e-4c55-9a43-111122223333",
      category: "Used Vehicle Enquiry",
      subcategory: "Find Me Something Similar",
      car_id: "ws-10042",
    },
    { id: "ws-10042", price: 24990, offer_price: 0, item_type: "car" },
  );

  it("is GA4's generate_lead and Meta's Lead with the lead's kind, the car's id and its price in AUD", () => {
    const messages = tagMessages({ type: "lead", lead });
    const params = {
      lead_kind: "Used Vehicle Enquiry / Find Me Something Similar",
      lead_category: "Used Vehicle Enquiry",
      lead_subcategory: "Find Me Something Similar",
      car_id: "ws-10042",
      value: 24990,
      currency: "AUD",
    };
    expect(messages.dataLayer).toEqual([{ event: "generate_lead", ...params }]);
    expect(messages.gtag).toEqual([{ name: "generate_lead", params }]);
    expect(messages.meta).toEqual([
      {
        method: "track",
        name: "Lead",
        params: {
          content_name: "Used Vehicle Enquiry / Find Me Something Similar",
          content_category: "Used Vehicle Enquiry",
          lead_kind: "Used Vehicle Enquiry / Find Me Something Similar",
          content_ids: ["ws-10042"],
          content_type: "vehicle",
          value: 24990,
          currency: "AUD",
        },
      },
    ]);
  });

  it("reports the offer price when the car has one, and a lead without a car with its kind alone", () => {
    expect(
      reportedLead({ id: "l", category: "Test Drive", car_id: "c1" }, { id: "c1", price: 30000, offer_price: 27990, item_type: "car" }).car,
    ).toEqual({
      id: "c1",
      price: 27990,
      itemType: "car",
    });
    const general = tagMessages({
      type: "lead",
      lead: reportedLead({ id: "l", category: "Finance Enquiry", subcategory: "Finance Enquiry" }, null),
    });
    expect(general.dataLayer).toEqual([
      { event: "generate_lead", lead_kind: "Finance Enquiry", lead_category: "Finance Enquiry", lead_subcategory: "Finance Enquiry" },
    ]);
    expect(general.meta[0].params).toEqual({
      content_name: "Finance Enquiry",
      content_category: "Finance Enquiry",
      lead_kind: "Finance Enquiry",
    });
  });

  it("reads its kind as the category, and the subcategory when it says more", () => {
    expect(leadKind({ category: "Phone Reveal", subcategory: "Call Now" })).toBe("Phone Reveal / Call Now");
    expect(leadKind({ category: "Test Drive", subcategory: "Test Drive" })).toBe("Test Drive");
    expect(leadKind({ category: "Service Booking", subcategory: "" })).toBe("Service Booking");
    expect(leadKind({ category: "Trade-In", subcategory: "3. Offer Accepted" })).toBe("Trade-In / 3. Offer Accepted");
  });
});

describe("the spec's numbered events", () => {
  it("keep their id: dealer_event_<id> with dealer_event_id in GTM's dataLayer, gtag and Meta's trackCustom", () => {
    const messages = tagMessages({ type: "numbered", id: EVENT.phoneClick, details: { car_id: "ws-10042" } });
    const params = { dealer_event_id: 25, dealer_event_name: "phone click", car_id: "ws-10042" };
    expect(messages.dataLayer).toEqual([{ event: "dealer_event_25", ...params }]);
    expect(messages.gtag).toEqual([{ name: "dealer_event_25", params }]);
    expect(messages.meta).toEqual([{ method: "trackCustom", name: "dealer_event_25", params }]);
  });

  it("keep the details the site's own code sends (car, kind, calculator, form)", () => {
    expect(reportedDetails({ car_id: "ws-1", kind: "favourite", calculator: "finance-calculator", form: "enquire" })).toEqual({
      car_id: "ws-1",
      kind: "favourite",
      calculator: "finance-calculator",
      form: "enquire",
    });
  });

  it("send nothing for an id outside the catalogue", () => {
    expect(tagMessages({ type: "numbered", id: 999 as never })).toEqual({ dataLayer: [], gtag: [], meta: [] });
  });
});

describe("page views", () => {
  it("carry the page's address and title to GTM and GA4, and a PageView to Meta", () => {
    const messages = tagMessages({
      type: "page view",
      href: "https://westside.example/used-car?make=Toyota&utm_source=fb",
      title: "Used Toyota | Westside",
    });
    const params = { page_location: "https://westside.example/used-car?make=Toyota&utm_source=fb", page_title: "Used Toyota | Westside" };
    expect(messages.dataLayer).toEqual([{ event: "dealer_page_view", ...params }]);
    expect(messages.gtag).toEqual([{ name: "page_view", params }]);
    expect(messages.meta).toEqual([{ method: "track", name: "PageView", params: {} }]);
  });
});

describe("no shopper's name, phone, e-mail, postcode, message or rego reaches a tag", () => {
  it("a stored lead's row, with everything the shopper typed, is summarised without any of it", () => {
    const row = {
      id: "9b2f8a8e-0d1e-4c55-9a43-111122223333",
      tenant: "westside-used",
      category: "Used Vehicle Enquiry",
      subcategory: "Enquiry",
      car_id: "ws-10042",
      ...SHOPPER,
      payload: { ...SHOPPER, rego: SHOPPER.rego, lead_attributes: { visited_pages: ["/contact?email=priscilla.q@example.com"] } },
      source_path: "/cars/2021-toyota-corolla",
      created_at: "2025-01-01T00:00:00Z",
    };
    const lead = reportedLead(row, { id: "ws-10042", price: 24990, offer_price: 0, item_type: "car" });
    expect(Object.keys(lead).sort()).toEqual(["car", "category", "id", "subcategory"]);
    expect(JSON.stringify(lead)).not.toMatch(/Priscilla|example\.com|0412|2150|ABC12D|after 5pm/);
    expectNoPii(tagMessages({ type: "lead", lead }));
  });

  it("a lead's category or subcategory holding contact details is not reported as its kind", () => {
    const lead = reportedLead({ id: "l", category: `Call ${SHOPPER.phone}`, subcategory: SHOPPER.email, car_id: SHOPPER.phone }, null);
    expect(lead).toEqual({ id: "l", category: "Enquiry", subcategory: "", car: null });
    expectNoPii(tagMessages({ type: "lead", lead }));
  });

  it("a numbered event's details keep only the allowed keys, and drop allowed keys holding contact details", () => {
    const details = {
      ...SHOPPER,
      first_name: SHOPPER.name,
      lead_attributes: { query: SHOPPER.email },
      car_id: SHOPPER.email,
      kind: `${SHOPPER.name} ${SHOPPER.phone}`,
      calculator: SHOPPER.mobile,
      form: { toString: () => SHOPPER.email },
      category: SHOPPER.message.replace("5pm", "0412345678"),
    };
    const messages = tagMessages({ type: "numbered", id: EVENT.saveCar, details });
    expect(messages.dataLayer).toEqual([{ event: "dealer_event_39", dealer_event_id: 39, dealer_event_name: "save car or favourite" }]);
    expectNoPii(messages);
  });

  it("a car whose feed text holds contact details is reported without that text", () => {
    const car = {
      ...corolla,
      name: `2021 Toyota Corolla - call Priscilla on ${SHOPPER.phone}`,
      model: SHOPPER.email,
      body: SHOPPER.mobile,
    };
    const messages = tagMessages({ type: "vehicle view", car });
    expect(messages.meta[0].params).toMatchObject({ content_ids: ["ws-10042"], make: "Toyota" });
    expect(messages.meta[0].params).not.toHaveProperty("content_name");
    expect(messages.meta[0].params).not.toHaveProperty("model");
    expectNoPii(messages);
  });

  it("a page's address loses its postcode, contact fields and any value typed as an e-mail or phone; Meta hears nothing there", () => {
    const href = `https://westside.example/dealer-locator?postcode=2150&query=${encodeURIComponent(SHOPPER.phone)}&q2=${encodeURIComponent(SHOPPER.email)}&make=Toyota&email=x&rego=ABC12D`;
    expect(reportedPageAddress(href)).toEqual({ address: "https://westside.example/dealer-locator?make=Toyota", redacted: true });
    const messages = tagMessages({ type: "page view", href, title: `Search: ${SHOPPER.phone} | ${SHOPPER.email} | Westside` });
    expect(messages.meta).toEqual([]);
    expect(messages.gtag[0].params.page_title).toBe("Search: | | Westside");
    expectNoPii(messages);
  });

  it("no event at all reaches Meta from a page whose address carries personal details (the pixel reads it itself)", () => {
    const lead = reportedLead({ id: "l", category: "Test Drive" }, null);
    expect(tagMessages({ type: "lead", lead }, "https://westside.example/dealer-locator?postcode=2150").meta).toEqual([]);
    // The success page's own address carries the lead's reference, a random UUID: not a phone number.
    const success = "https://westside.example/success?car=2021-toyota-corolla-ws10042&lead=9b2f8a8e-0d1e-4c55-9a43-111122223333";
    expect(reportedPageAddress(success)).toEqual({ address: success, redacted: false });
    expect(tagMessages({ type: "lead", lead }, success).meta).toHaveLength(1);
  });

  it("recognises e-mail addresses and phone numbers however they are written, not years, prices or stock numbers", () => {
    for (const text of ["jo@example.com", "0412 345 678", "(02) 9876 5432", "+61412345678", "0412-345-678", "04 1234 5678"])
      expect(looksLikeContactDetails(text), text).toBe(true);
    for (const text of ["2021 Toyota Corolla ZWE211R", "$24,990", "ws-10042", "Trade-In / 3. Offer Accepted", "1300 786"])
      expect(looksLikeContactDetails(text), text).toBe(false);
  });
});
