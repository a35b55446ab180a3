/**
 * /contact's loader and action (and /success and GET /api/captcha) as Remix calls them, on an embedded
 * database with the captcha on: the general enquiry with its category select, 'Select a Preferred
 * Dealership' on a dealer group, the department select, Rego, '(check_option)' services and
 * lead_attributes into the stored lead and its delivery outbox; careers filed as General Enquiry /
 * Career Enquiry with event 51; the captcha (the server's question, the proof of work) refusing with
 * every typed value kept; /success thanking for the stored category; nonsense never a 500.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPTCHA_MESSAGES, MIN_FILL_MS } from "@server/captcha";
import type { Database } from "@server/db/database";
import { listAnalyticsEvents } from "@server/db/activity";
import { listDeliveriesForLead, listLeads, type StoredLead } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { action as contactAction, loader as contactLoader } from "~/routes/contact/route";
import { loader as successLoader } from "~/routes/success/route";
import { loader as captchaLoader } from "~/routes/api.captcha/route";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { testGroupTenant, testTenant } from "../support/testTenant";

/** A dealer group of three dealerships that asks which department an enquiry is for. */
const group = testGroupTenant(
  "summit-test",
  [
    { id: "d1", slug: "summit-test-toyota", name: "Summit Toyota", locations: [{ id: "l1" }, { id: "l2", location_type: "service" }] },
    { id: "d2", slug: "summit-test-mazda", name: "Summit Mazda", locations: [{ id: "l3" }] },
    { id: "d3", slug: "summit-test-used", name: "Summit Used", locations: [{ id: "l4", location_type: "parts" }] },
  ],
  { name: "Summit Test", features: { enquirySelect: "department" } },
);
/** One dealership, no message needed, no opt-in box. */
const relaxed = testTenant("relaxed-motors", {
  name: "Relaxed Motors",
  features: { enquiryMessageRequired: false, enquiryOptInShown: false },
});
const noCaptcha = testTenant("open-motors", { name: "Open Motors", features: { captcha: false } });

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [group, relaxed, noCaptcha] });
  vi.stubEnv("LOG_LEVEL", "silent");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await platform?.close();
  await db?.close();
});
afterEach(() => vi.useRealTimers());

type Refusal = {
  formId: string;
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, string>;
  captcha?: { question: string; token: string };
};
type ContactPage = {
  category: string;
  messageRequired: boolean;
  optInShown: boolean;
  rules: { categories: boolean; dealership: { label: string; options: { value: string }[] } | null; location: unknown; rego: boolean };
  captchaQuestion: { question: string; token: string } | null;
};

const url = (tenant: string, pathAndQuery: string) => `http://${tenant}.localhost${pathAndQuery}`;

async function openContact(tenant = group.slug, query = ""): Promise<ContactPage> {
  const request = new Request(url(tenant, `/contact${query}`));
  const response = await loaderResult(contactLoader({ request, params: {}, context: contextFor(platform, request) }));
  expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
  return response.data as ContactPage;
}

function answerOf(question: string): string {
  const [, a, b] = /What is (\d) plus (\d)\?/.exec(question)!;
  return String(Number(a) + Number(b));
}

/** Posts /contact as the browser would (a form body; `fields` may repeat a name). */
async function send(
  tenant: string,
  fields: [string, string][] | Record<string, string>,
  options: { query?: string; referer?: string; body?: BodyInit; contentType?: string } = {},
): Promise<Response> {
  const body = options.body ?? new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  const headers: Record<string, string> = {};
  if (options.referer) headers.Referer = options.referer;
  if (options.contentType) headers["Content-Type"] = options.contentType;
  const request = new Request(url(tenant, `/contact${options.query ?? ""}`), { method: "POST", body, headers });
  return (await contactAction({ request, params: {}, context: contextFor(platform, request) })) as Response;
}

/** Moves the clock on past the minimum fill time, as a person filling the form would. */
function afterFilling() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + MIN_FILL_MS + 2000);
}

const shopper = (email: string) => ({
  intent: "contact",
  first_name: "Priya",
  last_name: "Shah",
  email,
  phone: "0412 345 678",
  postcode: "2150",
  message: "Do you have a service loan car?",
  opt_in: "on",
});

async function storedLead(tenant: string, email: string): Promise<StoredLead> {
  const lead = (await listLeads(db, tenant, 200)).find((l) => l.email === email);
  expect(lead, `a stored lead from ${email}`).toBeTruthy();
  return lead!;
}

describe("the /contact page", () => {
  it("asks a group's shoppers for a preferred dealership, the department and the category (default 'General Enquiry')", async () => {
    const page = await openContact();
    expect(page.category).toBe("General Enquiry");
    expect(page.rules.categories).toBe(true);
    expect(page.rules.rego).toBe(true);
    expect(page.rules.dealership?.label).toBe("Select a Preferred Dealership");
    expect(page.rules.dealership?.options.map((o) => o.value)).toEqual(["summit-test-toyota", "summit-test-mazda", "summit-test-used"]);
    expect(page.rules.location).toMatchObject({
      kind: "department",
      options: [{ value: "Sales" }, { value: "Service" }, { value: "Parts" }],
    });
    expect(page.messageRequired).toBe(true);
    expect(page.captchaQuestion?.question).toMatch(/^What is \d plus \d\?$/);
  });

  it("a dealer with one dealership has no dealership select; a link may choose careers; nonsense is the default", async () => {
    const page = await openContact(relaxed.slug, "?type=careers");
    expect(page.rules.dealership).toBeNull();
    expect(page.rules.location).toBeNull();
    expect(page.category).toBe("Careers Enquiry");
    expect(page.messageRequired).toBe(false);
    expect(page.optInShown).toBe(false);
    expect((await openContact(group.slug, "?category=Service%20Enquiry")).category).toBe("Service Enquiry");
    expect((await openContact(group.slug, "?category=%3Cscript%3E&type=x")).category).toBe("General Enquiry");
    expect((await openContact(noCaptcha.slug)).captchaQuestion).toBeNull();
  });

  it("keeps the page the shopper came from (this site's only) for the lead's visited pages without JavaScript", async () => {
    const open = async (referer: string) => {
      const request = new Request(url(group.slug, "/contact"), { headers: { Referer: referer } });
      const response = await loaderResult(contactLoader({ request, params: {}, context: contextFor(platform, request) }));
      return (response.data as { cameFrom: string | null }).cameFrom;
    };
    expect(await open(url(group.slug, "/search/used-cars?utm_source=newsletter"))).toBe("/search/used-cars?utm_source=newsletter");
    expect(await open("https://elsewhere.example/page")).toBeNull();
    expect(await open("not a url")).toBeNull();
  });
});

describe("a general enquiry", () => {
  it("is stored with the shopper's choices, services and visit, queued for delivery, counted as 22, and thanked for", async () => {
    const page = await openContact(group.slug, "?utm_source=google&utm_campaign=spring");
    afterFilling();
    const response = await send(
      group.slug,
      [
        ...Object.entries(shopper("general@example.com")),
        ["category", "General Enquiry"],
        ["preferred_dealership", "summit-test-mazda"],
        ["department", "Service"],
        ["rego", "abc 123"],
        ["Loan Car(check_option)", "on"],
        ["Wheel Alignment(check_option)", "on"],
        ["Detailing(check_option)", ""],
        ["captcha_token", page.captchaQuestion!.token],
        ["captcha_answer", answerOf(page.captchaQuestion!.question)],
      ],
      { query: "?utm_source=google&utm_campaign=spring", referer: url(group.slug, "/cars/some-car") },
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/success\?lead=[0-9a-f-]{36}$/);

    const lead = await storedLead(group.slug, "general@example.com");
    expect(location).toBe(`/success?lead=${lead.id}`);
    expect(lead).toMatchObject({
      category: "General Enquiry",
      subcategory: "General Enquiry",
      car_id: null,
      name: "Priya",
      last_name: "Shah",
      phone: "0412345678",
      postcode: "2150",
      source_path: "/contact",
    });
    expect(lead.message).toBe(
      "Enquiry type: General Enquiry\nPreferred dealership: Summit Mazda\nDepartment: Service\nRego: ABC 123\nDo you have a service loan car?\nAdditional services: Loan Car, Wheel Alignment",
    );
    expect(lead.payload).toMatchObject({
      dealership_slug: "summit-test-mazda",
      preferredDealership: "summit-test-mazda",
      department: "Service",
      rego: "ABC 123",
      enquiry_category: "General Enquiry",
      opt_in: true,
      additional_services: ["Loan Car", "Wheel Alignment"],
      lead_attributes: {
        visited_pages: ["/cars/some-car", "/contact?utm_source=google&utm_campaign=spring"],
        linked_query_params: { utm_source: "google", utm_campaign: "spring" },
      },
    });
    const deliveries = await listDeliveriesForLead(db, group.slug, lead.id);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.status === "pending")).toBe(true);
    expect(deliveries.map((d) => d.channel)).toContain("adf");

    const events = await listAnalyticsEvents(db, group.slug, 22);
    expect(events.some((e) => (e.payload as { category?: string }).category === "General Enquiry")).toBe(true);

    const { data: thanks } = await loaderResult(
      successLoader({
        request: new Request(url(group.slug, location)),
        params: {},
        context: contextFor(platform, new Request(url(group.slug, location))),
      }),
    );
    expect(thanks.category).toBe("General Enquiry");
  });

  it("the script's visit wins over the Referer: its pages and the link's query", async () => {
    const page = await openContact();
    afterFilling();
    const response = await send(group.slug, [
      ...Object.entries(shopper("visit@example.com")),
      ["preferred_dealership", "summit-test-toyota"],
      ["department", "Sales"],
      ["visited_page", "/?utm_source=facebook"],
      ["visited_page", "/search/used-cars"],
      ["visited_page", "https://elsewhere.example/"],
      ["linked_query", "utm_source=facebook&fbclid=abc"],
      ["captcha_token", page.captchaQuestion!.token],
      ["captcha_answer", answerOf(page.captchaQuestion!.question)],
    ]);
    expect(response.status).toBe(302);
    const lead = await storedLead(group.slug, "visit@example.com");
    expect(lead.payload.lead_attributes).toEqual({
      visited_pages: ["/?utm_source=facebook", "/search/used-cars", "/contact"],
      linked_query_params: { utm_source: "facebook", fbclid: "abc" },
    });
    expect(lead.payload.additional_services).toEqual([]);
  });

  it("a careers enquiry is filed as General Enquiry / Career Enquiry, counted as 51 and thanked as careers", async () => {
    const page = await openContact(relaxed.slug, "?type=careers");
    afterFilling();
    const response = await send(relaxed.slug, {
      ...shopper("careers@example.com"),
      opt_in: "",
      message: "",
      category: "Careers Enquiry",
      captcha_token: page.captchaQuestion!.token,
      captcha_answer: answerOf(page.captchaQuestion!.question),
    });
    expect(response.status).toBe(302);
    const lead = await storedLead(relaxed.slug, "careers@example.com");
    expect(lead).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry", message: "Enquiry type: Careers Enquiry" });
    // The dealer hides the opt-in box: the spec's default (opted in) stands.
    expect(lead.payload).toMatchObject({ opt_in: true, dealership_slug: relaxed.slug, subcategory: "Career Enquiry" });
    expect(await listAnalyticsEvents(db, relaxed.slug, 51)).toHaveLength(1);
    expect(await listAnalyticsEvents(db, relaxed.slug, 22)).toHaveLength(0);
    const location = response.headers.get("Location")!;
    const request = new Request(url(relaxed.slug, location));
    const { data: thanks } = await loaderResult(successLoader({ request, params: {}, context: contextFor(platform, request) }));
    expect(thanks.category).toBe("Careers Enquiry");
  });
});

describe("what the form refuses, keeping everything typed", () => {
  it("the dealership and department are required on the group; a dealership of no one is refused too", async () => {
    const page = await openContact();
    afterFilling();
    const captcha = { captcha_token: page.captchaQuestion!.token, captcha_answer: answerOf(page.captchaQuestion!.question) };
    const missing = await send(group.slug, { ...shopper("nodealer@example.com"), ...captcha });
    expect(missing.status).toBe(422);
    const refusal = (await missing.json()) as Refusal;
    expect(refusal.formId).toBe("lead-contact");
    expect(refusal.fieldErrors).toEqual({
      preferred_dealership: "Please select a preferred dealership.",
      department: "Please choose a department.",
    });
    expect(refusal.repopulateFields).toMatchObject({
      first_name: "Priya",
      message: "Do you have a service loan car?",
      captcha_answer: captcha.captcha_answer,
    });
    // Passed by the question: it is shown again, answered, so the shopper need not answer another.
    expect(refusal.captcha).toEqual({ question: page.captchaQuestion!.question, token: page.captchaQuestion!.token });

    const stranger = await send(group.slug, {
      ...shopper("nodealer@example.com"),
      ...captcha,
      preferred_dealership: "someone-elses-yard",
      department: "Sales",
      category: "Nonsense",
      rego: "TOO LONG REGO 123",
    });
    expect(((await stranger.json()) as Refusal).fieldErrors).toEqual({
      preferred_dealership: "Please select a preferred dealership.",
      category: "Please choose what your enquiry is about.",
      rego: "Please enter a registration of up to 9 letters and numbers, or leave it empty.",
    });
    expect((await listLeads(db, group.slug, 200)).some((l) => l.email === "nodealer@example.com")).toBe(false);
  });

  it("the message is required unless the dealer relaxes it", async () => {
    const page = await openContact(group.slug);
    afterFilling();
    const response = await send(group.slug, {
      ...shopper("nomessage@example.com"),
      message: "  ",
      preferred_dealership: "summit-test-toyota",
      department: "Sales",
      captcha_token: page.captchaQuestion!.token,
      captcha_answer: answerOf(page.captchaQuestion!.question),
    });
    expect(((await response.json()) as Refusal).fieldErrors).toEqual({ message: "Please enter your comments." });
  });

  it("a form without the captcha's answer is refused with the question, every typed value kept and nothing stored", async () => {
    const typed = { ...shopper("nocaptcha@example.com"), preferred_dealership: "summit-test-toyota", department: "Parts", rego: "XYZ9" };
    const response = await send(group.slug, typed);
    expect(response.status).toBe(422);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const refusal = (await response.json()) as Refusal;
    expect(refusal.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES.missing });
    expect(refusal.captcha?.question).toMatch(/^What is \d plus \d\?$/);
    const { intent: _intent, ...shown } = typed;
    expect(refusal.repopulateFields).toMatchObject({ ...shown, captcha_answer: "", captcha_token: refusal.captcha!.token });

    // A wrong answer: a new question; the right one sent at once: a bot's speed; then in time: stored.
    afterFilling();
    const wrong = (await (
      await send(group.slug, { ...typed, captcha_token: refusal.captcha!.token, captcha_answer: "99" })
    ).json()) as Refusal;
    expect(wrong.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES["wrong-answer"] });
    expect(wrong.captcha!.token).not.toBe(refusal.captcha!.token);
    const tooFast = (await (
      await send(group.slug, { ...typed, captcha_token: wrong.captcha!.token, captcha_answer: answerOf(wrong.captcha!.question) })
    ).json()) as Refusal;
    expect(tooFast.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES["too-fast"] });
    expect((await listLeads(db, group.slug, 200)).some((l) => l.email === "nocaptcha@example.com")).toBe(false);
    vi.setSystemTime(Date.now() + MIN_FILL_MS + 2000);
    const passed = await send(group.slug, {
      ...typed,
      captcha_token: tooFast.captcha!.token,
      captcha_answer: answerOf(tooFast.captcha!.question),
    });
    expect(passed.status).toBe(302);
    expect((await storedLead(group.slug, "nocaptcha@example.com")).payload).toMatchObject({ department: "Parts", rego: "XYZ9" });
  });

  it("field problems and the captcha are answered together", async () => {
    const refusal = (await (await send(group.slug, { intent: "contact", first_name: "", email: "nope" })).json()) as Refusal;
    expect(Object.keys(refusal.fieldErrors).sort()).toEqual(
      ["captcha_answer", "department", "email", "first_name", "message", "phone", "preferred_dealership"].sort(),
    );
    expect(refusal.repopulateFields.email).toBe("nope");
  });

  it("the proof of work from /api/captcha passes, a forged one does not", async () => {
    const request = new Request(url(group.slug, "/api/captcha"));
    const widget = await ((await captchaLoader({ request, params: {}, context: contextFor(platform, request) })) as Response).json();
    expect(widget).toEqual({ provider: "altcha" });
    const challengeRequest = new Request(url(group.slug, "/api/captcha?challenge=altcha"));
    const challengeResponse = (await captchaLoader({
      request: challengeRequest,
      params: {},
      context: contextFor(platform, challengeRequest),
    })) as Response;
    expect(challengeResponse.headers.get("Cache-Control")).toBe("private, no-store");
    const challenge = (await challengeResponse.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const fields = { ...shopper("pow@example.com"), preferred_dealership: "summit-test-used", department: "Parts" };

    const forged = Buffer.from(JSON.stringify({ challenge, solution: { ...solution, derivedKey: "00" } })).toString("base64");
    const refused = (await (await send(group.slug, { ...fields, altcha: forged })).json()) as Refusal;
    expect(refused.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES.invalid });
    expect(refused.repopulateFields.altcha).toBeUndefined();

    afterFilling();
    expect((await send(group.slug, { ...fields, altcha })).status).toBe(302);
    expect((await storedLead(group.slug, "pow@example.com")).payload.dealership_slug).toBe("summit-test-used");
  });

  it("a dealer with the captcha off takes the form without it; /api/captcha says so", async () => {
    const response = await send(noCaptcha.slug, { ...shopper("open@example.com") });
    expect(response.status).toBe(302);
    const request = new Request(url(noCaptcha.slug, "/api/captcha?challenge=altcha"));
    const answer = (await captchaLoader({ request, params: {}, context: contextFor(platform, request) })) as Response;
    expect(answer.status).toBe(404);
  });
});

describe("nonsense never answers 500", () => {
  it("bodies that are not forms, odd and oversized fields, repeated names", async () => {
    const answers = await Promise.all([
      send(group.slug, {}, { body: JSON.stringify(shopper("json@example.com")), contentType: "application/json" }),
      send(group.slug, {}, { body: "just text", contentType: "text/plain" }),
      send(group.slug, {}, { body: "", contentType: "application/x-www-form-urlencoded" }),
      send(group.slug, { ...shopper("x@example.com"), intent: "enquiry" }),
      send(group.slug, { ...shopper("big@example.com"), message: "x".repeat(50_000), first_name: "y".repeat(5000) }),
      send(group.slug, [
        ["intent", "contact"],
        ["intent", "finance"],
        ["category", "Careers Enquiry"],
        ["category", "<script>"],
        ["captcha_token", "v1.1.2.3"],
        ["captcha_answer", "x".repeat(500)],
        ["altcha", "%%%"],
        ["visited_page", "javascript:alert(1)"],
        ["linked_query", "%E0%A4%A"],
      ]),
      send(group.slug, { ...shopper("weird@example.com"), preferred_dealership: "../../etc", department: "\u0000" }),
    ]);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });

  it("/success with a reference that names no lead, another dealer's lead, or nonsense thanks plainly", async () => {
    const other = (await listLeads(db, relaxed.slug, 10))[0];
    for (const query of [
      "?lead=00000000-0000-4000-8000-000000000000",
      `?lead=${other.id}`,
      "?lead=%27%3Cscript",
      "?lead=1&lead=2&car=../x",
    ]) {
      const request = new Request(url(group.slug, `/success${query}`));
      const response = await loaderResult(successLoader({ request, params: {}, context: contextFor(platform, request) }));
      expect(response.status).toBe(200);
      expect(response.data).toMatchObject({ category: null, carHref: null });
    }
  });
});
