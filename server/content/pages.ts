/**
 * A dealer's content pages (About Us, Privacy Policy, Service, the group pages...): Markdown files in
 * tenants/<slug>/pages/<page>.md over the shared set in tenants/_defaults/pages/, so every dealer has
 * every page its menus link to and replaces any of them with its own. A page neither folder has is a
 * 404 for that dealer (the group pages exist only where a dealer writes them).
 *
 * Each file opens with front matter (title, description, optional form) and is rendered once per
 * dealer by markdown-it with HTML switched off: anything a dealer types that looks like HTML is shown
 * as text, never run, and links to javascript: and other unsafe schemes are not made links.
 *
 * A paragraph of its own reading `{{locations:FILTER}}` or `{{locations:FILTER | Heading}}` places a
 * block of the dealer's location cards there (spec 001 section 2: FILTER is primary, sales, service,
 * parts, service-and-parts, all or a location's id), under its heading; the page route draws the cards
 * from tenant.json, and leaves out a block (and its heading) no location answers. The page carries no
 * markup of the dealer's.
 */
import fs from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { z } from "zod";
import { perDealerCache } from "../http/perDealerCache";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";

/** The folder beside the dealers' folders holding the pages every dealer has unless it writes its own. */
export const DEFAULT_PAGES_FOLDER = "_defaults";

/** A page's name: its address without the slash, as in /about-us. */
export const PAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The addresses the content route answers (remix.config.js gives the route the same list): the spec's
 * linked pages and group pages. A dealer's file under another name is not served.
 */
export { CONTENT_PAGE_ADDRESSES } from "./pageAddresses.js";

/** The lead form a page carries under its text. */
export const PAGE_FORMS = ["service", "parts"] as const;
export type PageForm = (typeof PAGE_FORMS)[number];

const frontMatterSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().max(300).default(""),
  form: z.enum(PAGE_FORMS).optional(),
});

/** A run of the page's text (HTML made by the renderer), or a block of location cards. */
export type PageSection = { kind: "text"; html: string } | { kind: "locations"; filter: string; heading: string | null };

export interface ContentPage {
  name: string;
  title: string;
  description: string;
  /** The page's text as HTML, made by the renderer from Markdown with HTML disabled (without its location blocks). */
  html: string;
  /** The text and the location blocks in page order. */
  sections: PageSection[];
  form: PageForm | null;
}

/** A location block as markdown-it renders its paragraph: `{{locations:service}}`. */
const LOCATION_BLOCK = /<p>\{\{\s*locations:([A-Za-z0-9_-]{1,80})\s*(?:\|\s*([^<>{}|]{1,100}?)\s*)?\}\}<\/p>\n?/g;

/** The heading as text again (the renderer escaped it for HTML; the page draws it as text). */
const unescapeHtml = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The rendered page cut at its location blocks; text runs that are only white space are left out. */
export function pageSections(html: string): PageSection[] {
  const sections: PageSection[] = [];
  let from = 0;
  const text = (end: number) => {
    const part = html.slice(from, end);
    if (part.trim()) sections.push({ kind: "text", html: part });
  };
  for (const match of html.matchAll(LOCATION_BLOCK)) {
    text(match.index);
    sections.push({ kind: "locations", filter: match[1].toLowerCase(), heading: match[2] ? unescapeHtml(match[2]) : null });
    from = match.index + match[0].length;
  }
  text(html.length);
  return sections;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });
// Each section heading gets an id from its words, so a menu can link to a part of a page (/about-us#reviews).
markdown.core.ruler.push("heading_ids", (state) => {
  const seen = new Set<string>();
  state.tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const base = headingId(state.tokens[i + 1]?.content ?? "");
    if (!base) return;
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    token.attrSet("id", id);
  });
});

/** A heading's words as an id: 'Making a complaint' is 'making-a-complaint'. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** How long a dealer's rendered pages are kept: an edited page shows within a minute. */
const PAGES_TTL_MS = 60_000;
const cache = perDealerCache<Map<string, ContentPage>>(PAGES_TTL_MS);

/** The dealer's page of that name, or null when it has none. */
export async function contentPage(tenantsDir: string, tenant: TenantConfig, name: string): Promise<ContentPage | null> {
  if (!PAGE_NAME.test(name)) return null;
  const pages = await dealerPages(tenantsDir, tenant);
  return pages.get(name) ?? null;
}

/** Every page the dealer has (its own over the defaults), by name. */
export function dealerPages(tenantsDir: string, tenant: TenantConfig): Promise<Map<string, ContentPage>> {
  return cache.get(`${tenantsDir}\u0000${tenant.slug}`, async () => loadDealerPages(tenantsDir, tenant));
}

export function loadDealerPages(tenantsDir: string, tenant: TenantConfig): Map<string, ContentPage> {
  const files = new Map<string, string>();
  for (const folder of [DEFAULT_PAGES_FOLDER, tenant.slug]) {
    const dir = path.join(tenantsDir, folder, "pages");
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir)) {
      const name = file.replace(/\.md$/, "");
      if (name === file || !PAGE_NAME.test(name)) continue;
      files.set(name, path.join(dir, file));
    }
  }
  const pages = new Map<string, ContentPage>();
  for (const [name, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const page = parseContentPage(name, fs.readFileSync(file, "utf8"), tenant);
    if (page) pages.set(name, page);
    else log.warn("content page skipped: its front matter needs a title", { tenant: tenant.slug, file });
  }
  return pages;
}

/** One page from its file's text, with the dealer's details filled in; null when its front matter is wrong. */
export function parseContentPage(name: string, source: string, tenant: TenantConfig): ContentPage | null {
  const { fields, body } = splitFrontMatter(source);
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) return null;
  const values = dealerValues(tenant);
  const sections = pageSections(fillIn(markdown.render(body), values, escapeHtml));
  return {
    name,
    title: fillIn(parsed.data.title, values, (s) => s),
    description: fillIn(parsed.data.description, values, (s) => s),
    html: sections.map((section) => (section.kind === "text" ? section.html : "")).join(""),
    sections,
    form: parsed.data.form ?? null,
  };
}

/** `---` lines around `key: value` pairs at the top of the file; the rest is the page's Markdown. */
export function splitFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of match[1].split("\n")) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line.trim());
    if (!pair) continue;
    fields[pair[1]] = pair[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return { fields, body: text.slice(match[0].length) };
}

/**
 * What the shared pages may name with {{name}}, {{legalName}}, {{phone}}, {{email}}, {{address}} and
 * {{dealerLicence}}: the dealer's own details from its tenant.json.
 */
function dealerValues(tenant: TenantConfig): Record<string, string> {
  const primary = tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
  const a = primary.address;
  return {
    name: tenant.name,
    legalName: tenant.legalName ?? tenant.name,
    phone: tenant.contact.phone,
    email: tenant.contact.email,
    address: `${a.street}, ${a.city} ${a.state} ${a.postcode}`,
    dealerLicence: tenant.footer.dealerLicence || primary.dealer_license_number || "",
  };
}

function fillIn(text: string, values: Record<string, string>, escape: (s: string) => string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? escape(values[key]) : whole));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
