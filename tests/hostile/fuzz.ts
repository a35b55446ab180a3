/**
 * Hostile requests made up from a fixed seed, so a failure names the same requests every run: odd
 * search URLs (every filter name in every spelling the URL parser reads, with broken, huge, negative,
 * repeated and encoded values), path traversal, overlong and non-ASCII addresses, NULs, Remix `_data`
 * values, made-up car slugs, and form posts with random fields, huge values, control characters,
 * broken multipart and wrong content types.
 */
import { FILTER_ATTRIBUTES, RANGE_ATTRIBUTES } from "~/domain/search";

export interface FuzzCase {
  method: string;
  /** The request target exactly as sent (may hold raw non-ASCII or malformed escapes). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Which dealer's Host it goes to. */
  dealer: string;
}

/** mulberry32: small, fast, and the same numbers for the same seed everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

/** Values nobody should send, as they appear in a query string (already encoded, or deliberately not). */
const ODD_VALUES = [
  "",
  " ",
  "+",
  ":",
  "::",
  ":::",
  "1:2:3",
  "-1",
  "-0",
  "-99999999999999999999",
  "0",
  "1.5",
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "0x1F",
  "%00",
  "a%00b",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%C0%AF",
  "%FF%FE",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%27%22%3E%3C",
  "__proto__",
  "constructor",
  "toString",
  "%F0%9F%9A%97",
  "🚗",
  "Müller",
  "a".repeat(4000),
  "%2e%2e%2f%2e%2e%2f",
  "null",
  "undefined",
  "[]",
  "{}",
  "true",
  "Toyota",
  "Toyota%7CHiLux",
  "Toyota|HiLux",
  "price:desc",
  "Car_production:price:desc",
  "x:y:z",
  "%0D%0ASet-Cookie:%20x=1",
  "5000:",
  ":5000",
  "20000:1000",
  "%20%20",
  "%u0041",
  "\\",
  "'",
  "`",
] as const;

const SORTS = [
  "price:asc",
  "price:desc",
  "year:desc",
  "km:asc",
  "relevance",
  "Car_production:price:desc",
  "price",
  "x:y",
  "__proto__",
  "%00",
] as const;

/** Every spelling of a filter the results URL accepts, plus ones it should ignore. */
function keyForms(attribute: string): string[] {
  return [
    attribute,
    `range[${attribute}]`,
    `range%5B${attribute}%5D`,
    `refinementList[${attribute}][0]`,
    `refinementList[${attribute}][]`,
    `refinementList%5B${attribute}%5D%5B99999999999%5D`,
    `${attribute}_min`,
    `${attribute}_max`,
    `${attribute}[`,
    `${attribute}]]`,
    `${attribute.toUpperCase()}`,
  ];
}

const TRAVERSALS = [
  "/../../../../etc/passwd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/%2E%2E%2F%2E%2E%2Fpackage.json",
  "/assets/..%2f..%2f..%2fpackage.json",
  "/assets/../../server/cli/start.mjs",
  "/media/..%2F..%2F..%2Fetc%2Fpasswd",
  "/media/%2e%2e/%2e%2e/tenants/summit-auto-group/tenant.json",
  "/photos?src=..%2F..%2Fdata%2Fsession-secret&w=640",
  "/photos?src=%2Fmedia%2F..%2F..%2Ftenants%2Fsummit-auto-group%2Ftenant.json",
  "/photos?src=http%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data%2F&w=1",
  "/photos?src=file%3A%2F%2F%2Fetc%2Fpasswd&w=-1&w=1e9",
  "/cars/..%2F..%2Fserver%2Fconfig",
  "/feeds/..%2F..%2Fdata%2Fimport-token",
  "/feeds/%2e%2e%2f%2e%2e%2fpackage.json",
  "/build/server/index.js",
  "/.env",
  "/.git/config",
  "/data/pglite",
  "/%5c..%5c..%5cwindows%5cwin.ini",
  "/..;/..;/etc/passwd",
  "/./././",
  "/search/../../../",
  "/favicon.ico/..%00/",
  "/robots.txt%00.html",
  "/%00",
  "/cars/%00",
  "/search%00",
  "/cars/a%00b",
] as const;

const DATA_VALUES = [
  "root",
  "routes/search._index",
  "routes/cars.$slug",
  "routes%2Ffinance",
  "routes/../../x",
  "",
  "%00",
  "routes/api.stock.import",
  "__proto__",
  "routes/$",
  "x".repeat(3000),
] as const;

const ODD_SLUGS = [
  "does-not-exist",
  "%F0%9F%98%80",
  "😀",
  "..",
  ".",
  "%2e%2e",
  "a".repeat(3000),
  "-",
  "1",
  "-1",
  "99999999999999999999999",
  "car.pdf",
  "x/autogauge",
  "x/view.json",
  "x.pdf",
  "x/buy-online",
  "x/checkout",
  "%ZZ",
  "a%20b",
  "a+b",
  "__proto__",
  "constructor",
  "<script>",
  "%3Cscript%3E",
  "Müller",
  "car%00",
] as const;

const OTHER_PATHS = [
  "/",
  "/price-range",
  "/compare",
  "/compare?ids=",
  "/finance",
  "/finance-enquiry",
  "/apply-for-finance",
  "/book-test-drive/",
  "/trade-in",
  "/cars/trade-in",
  "/success",
  "/print",
  "/healthz",
  "/api/events",
  "/api/leads",
  "/api/phone-reveal",
  "/saved-searches",
  "/api/delivery-estimate",
  "/api/stock/import",
  "/media/",
  "/robots.txt",
  "/sitemap.xml",
  "/feeds/google-vehicle-ads.tsv",
  "/feeds/meta-vehicles.csv?page=-1&x=%ZZ&x[]=1",
  "/feeds/meta-vehicles.xml",
  "/feeds/",
  "/feeds/meta-vehicles.json",
  "/api/feeds",
  "/api/feeds?tenant=..%2F..%2Fetc",
  "/sign-in",
  "/sign-in?type=watchlist&redirect=//evil.example&back=https://evil.example",
  "/my-garage",
  "/mymotorama",
  "/personalised/finance",
  "/personalised/finance?car_id=x%3Fy&price=-1&loanTerm=99&credit_score=NaN",
  "/finance-application/FIN-0000-0000-0000",
  "/api/me",
  "/api/check-if-contact-exists",
  "/api/check-if-contact-exists?phone_number=",
  "/api/alerts?tenant=..%2F&limit=-1",
  "/api/sms/inbound",
  "/pages/unsubscribe?t=eyJkIjoi.x",
  "/no-such-page",
] as const;

const LEAD_FIELDS = [
  "intent",
  "first_name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "message",
  "opt_in",
  "amount",
  "term",
  "deposit",
  "preferred_time",
  "rego",
  "state",
  "make",
  "model",
  "year",
  "km",
  "company_website",
  "car_id",
  "form",
  "_action",
] as const;
const INTENTS = [
  "finance",
  "test-drive",
  "trade-in",
  "reserve",
  "enquiry",
  "similar",
  "request-photos",
  "watchlist",
  "save",
  "compare",
  "",
  "__proto__",
  "%00",
] as const;
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data; boundary=XyZ",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "application/json",
  "application/xml",
  "",
  "x/y",
  "application/x-www-form-urlencoded, text/plain",
] as const;

/** A form value: normal, huge, full of control characters, invalid UTF-8 once encoded, or broken escapes. */
function oddFormValue(r: ReturnType<typeof seededRandom>): string {
  switch (r.int(9)) {
    case 0:
      return "x".repeat(r.pick([100, 2_001, 20_000, 60_000]));
    case 1:
      return Array.from({ length: 40 }, () => `%${r.int(32).toString(16).padStart(2, "0")}`).join("");
    case 2:
      return "%FF%FE%C0%AF%ED%A0%80";
    case 3:
      return r.pick(["%", "%Z", "%%%", "a%2", "%E0%A4%A"]);
    case 4:
      return r.pick(["0412 345 678", "alex@example.com", "30000", "5", "2000", "NSW", "ABC123"]);
    case 5:
      return encodeURIComponent(
        r.pick(["<script>alert(1)</script>", "Robert'); DROP TABLE leads;--", "😀😀😀", "\u202Eevil", "\r\nBcc: x@evil.example"]),
      );
    case 6:
      return r.pick(["-1", "1e400", "NaN", "9".repeat(300), "0x10", ""]);
    default:
      return r.pick(ODD_VALUES);
  }
}

function formBody(r: ReturnType<typeof seededRandom>): string {
  const fields: string[] = [];
  const count = r.pick([0, 1, 3, 8, 15, 400]);
  for (let i = 0; i < count; i++) {
    const name =
      r.next() < 0.8 ? r.pick(LEAD_FIELDS) : r.pick(["", "__proto__", "a[b][c]", "%00", "x".repeat(500), "constructor[prototype]"]);
    fields.push(`${name}=${name === "intent" ? r.pick(INTENTS) : oddFormValue(r)}`);
  }
  return fields.join(r.next() < 0.9 ? "&" : ";");
}

function multipartBody(r: ReturnType<typeof seededRandom>): string {
  const options = [
    '--XyZ\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAlex\r\n--XyZ--\r\n',
    '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nenquiry\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\u0002\r\n--XyZ--\r\n',
    '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
    '--WRONG\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--WRONG--\r\n',
    "garbage without any boundary",
    "--XyZ\r\n\r\n\r\n--XyZ--",
    "--XyZ\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XyZ--\r\n",
    `--XyZ\r\nContent-Disposition: form-data; name="message"\r\n\r\n${"m".repeat(50_000)}\r\n--XyZ--\r\n`,
  ];
  return r.pick(options);
}

/**
 * A sweep of every search filter name in every spelling, then `count` random hostile requests, over the
 * given dealers. `slugs` are real car slugs by dealer (from results pages), so some of the made-up ones
 * sit next to real cars.
 */
export function hostileCases(options: {
  seed: number;
  count: number;
  dealers: { slug: string; searchPath: string; host: string }[];
  slugs: Record<string, string[]>;
}): FuzzCase[] {
  const r = seededRandom(options.seed);
  const cases: FuzzCase[] = [];
  const filterNames = [...new Set([...FILTER_ATTRIBUTES, ...RANGE_ATTRIBUTES, "sortBy", "_data", "index"])];

  const queryFor = (): string => {
    const parts: string[] = [];
    const count = r.pick([1, 1, 2, 3, 6]);
    for (let i = 0; i < count; i++) {
      const attribute = r.pick(filterNames);
      const key = r.pick(keyForms(attribute));
      const value = attribute === "sortBy" ? r.pick(SORTS) : attribute === "_data" ? r.pick(DATA_VALUES) : r.pick(ODD_VALUES);
      parts.push(`${key}=${value}`);
    }
    if (r.next() < 0.1) parts.push(Array.from({ length: 200 }, () => `make=${r.pick(["Toyota", "Ford", "GWM", "%00", ""])}`).join("&"));
    if (r.next() < 0.1) parts.push(`page=${r.pick(["-1", "0", "-99999", "99999999", "1e9", "2.5", "%00", "", "abc"])}`);
    if (r.next() < 0.05) parts.push(`_data=${r.pick(DATA_VALUES)}`);
    return parts.join("&");
  };

  // Every filter name in every spelling, once on each dealer's results page, with an odd value.
  options.dealers.forEach((dealer, d) => {
    for (const attribute of filterNames) {
      keyForms(attribute).forEach((key, k) => {
        if ((k + d) % options.dealers.length !== 0 && k > 2) return; // the bracket spellings on one dealer each
        cases.push({ method: "GET", target: `${dealer.searchPath}?${key}=${r.pick(ODD_VALUES)}`, headers: {}, dealer: dealer.slug });
      });
      // Names of Object.prototype's own properties, the classic way into a lookup table.
      cases.push({
        method: "GET",
        target: `${dealer.searchPath}?${attribute}=${r.pick(["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf"])}`,
        headers: {},
        dealer: dealer.slug,
      });
      cases.push({ method: "GET", target: `${dealer.searchPath}?${attribute}=__proto__`, headers: {}, dealer: dealer.slug });
    }
  });

  // Then `count` random ones.
  const total = cases.length + options.count;
  let i = 0;
  while (cases.length < total) {
    const dealer = options.dealers[i++ % options.dealers.length];
    const realSlugs = options.slugs[dealer.slug] ?? [];
    const kind = r.int(20);
    const sameOrigin = { origin: `http://${dealer.host}` };
    let target: string;
    if (kind < 8) {
      // The results page with odd filters, on the plain path and under path segments.
      const base =
        r.next() < 0.7
          ? dealer.searchPath
          : `${dealer.searchPath}/${r.pick(["used-cars", "new-cars", "toyota", "toyota/hilux", "suv", "a/b/c/d/e", "%F0%9F%98%80", "..", "%00", "x".repeat(300)])}`;
      target = `${base}?${queryFor()}`;
    } else if (kind < 10) {
      target = r.pick(TRAVERSALS);
    } else if (kind < 12) {
      const slug =
        r.next() < 0.4 && realSlugs.length
          ? `${r.pick(realSlugs)}${r.pick(["", "-x", "/", "%00", "..", "/view.json", ".pdf", "/autogauge", "/buy-online", "/checkout"])}`
          : r.pick(ODD_SLUGS);
      target = `/cars/${slug}${r.next() < 0.3 ? `?${queryFor()}` : ""}`;
    } else if (kind < 13) {
      // Overlong addresses (still under Node's header limit, so they reach the site's own checks).
      target = r.pick([
        `/${"a".repeat(7000)}`,
        `${dealer.searchPath}?query=${"q".repeat(7000)}`,
        `/cars/${"c/".repeat(2000)}`,
        `/${"%41".repeat(2000)}`,
      ]);
    } else if (kind < 14) {
      target = `${r.pick(OTHER_PATHS)}${r.next() < 0.5 ? `?${queryFor()}` : ""}`;
    } else if (kind < 15) {
      target = r.pick([
        `/search?query=${"🚗".repeat(20)}`,
        "/cars/çà-ü",
        "/ünïcödé",
        `/${"é".repeat(200)}`,
        "/search?make=Müller&model=Ω",
        "/\u202Egnp.exe",
      ]);
    } else {
      // A form post: usually from the dealer's own page (so it reaches the route), sometimes not.
      const post = r.pick([
        "/finance",
        "/book-test-drive/",
        "/trade-in",
        "/cars/trade-in",
        "/api/events",
        "/api/phone-reveal",
        "/api/leads",
        "/api/delivery-estimate",
        "/sign-in",
        "/sign-out",
        "/my-garage",
        "/personalised/finance",
        "/api/rate-limit",
        "/api/watchlist/save-car",
        "/api/watchlist/remove-car",
        "/api/youx/quote",
        "/api/youx/create-customer",
        "/api/sms/inbound",
        "/api/alerts",
        "/pages/unsubscribe?t=bad.token",
        "/compare",
        "/",
        "/success",
        dealer.searchPath,
        ...(realSlugs.length
          ? [`/cars/${r.pick(realSlugs)}`, `/cars/${r.pick(realSlugs)}/buy-online`, `/cars/${r.pick(realSlugs)}/checkout`]
          : []),
      ]);
      const contentType = r.pick(CONTENT_TYPES);
      const text = contentType.startsWith("multipart")
        ? multipartBody(r)
        : contentType.includes("json")
          ? r.pick([
              '{"event_id":1}',
              "[]",
              "{",
              '{"__proto__":{"x":1}}',
              JSON.stringify({ event_id: 1e308, path: "/".repeat(600) }),
              formBody(r),
            ])
          : formBody(r);
      const body = r.next() < 0.1 ? Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xfe, 0x00, 0xc0, 0xaf])]) : Buffer.from(text);
      const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, {}];
      const headers: Record<string, string> = { ...(r.next() < 0.85 ? sameOrigin : r.pick(foreign)) };
      if (contentType) headers["content-type"] = contentType;
      cases.push({ method: "POST", target: `${post}${r.next() < 0.2 ? `?${queryFor()}` : ""}`, headers, body, dealer: dealer.slug });
      continue;
    }
    cases.push({ method: r.next() < 0.9 ? "GET" : "HEAD", target, headers: {}, dealer: dealer.slug });
  }
  return cases;
}
