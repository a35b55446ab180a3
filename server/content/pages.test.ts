import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testTenant } from "../../tests/support/testTenant";
import { CONTENT_PAGE_ADDRESSES, contentPage, headingId, loadDealerPages, parseContentPage, splitFrontMatter } from "./pages";

const tenant = testTenant("alpha-motors", { legalName: "Alpha Motors Pty Ltd" });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-pages-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(folder: string, name: string, text: string) {
  fs.mkdirSync(path.join(dir, folder, "pages"), { recursive: true });
  fs.writeFileSync(path.join(dir, folder, "pages", `${name}.md`), text);
}

write("_defaults", "about-us", "---\ntitle: About Us\ndescription: About {{name}}\n---\nWe are **{{name}}**.\n");
write("_defaults", "warranty", "---\ntitle: Warranty\n---\n3 years.\n");
write("_defaults", "service", "---\ntitle: Book a Service\nform: service\n---\nBook here.\n");
write("alpha-motors", "warranty", "---\ntitle: Our Warranty\n---\n7 years.\n");
write("alpha-motors", "ultratek", "---\ntitle: Ultratek\n---\nShine.\n");
write("alpha-motors", "no-title", "No front matter at all.\n");
write("other-motors", "twg-cars", "---\ntitle: TWG Cars\n---\nOther dealer's page.\n");

describe("a dealer's content pages", () => {
  it("has the shared pages, its own pages, and its own version where it wrote one", () => {
    const pages = loadDealerPages(dir, tenant);
    expect([...pages.keys()]).toEqual(["about-us", "service", "ultratek", "warranty"]);
    expect(pages.get("warranty")?.title).toBe("Our Warranty");
    expect(pages.get("warranty")?.html).toContain("7 years.");
  });

  it("has no page another dealer wrote, and none without a title", async () => {
    expect(await contentPage(dir, tenant, "twg-cars")).toBeNull();
    expect(await contentPage(dir, tenant, "no-title")).toBeNull();
    expect(await contentPage(dir, tenant, "../alpha-motors/pages/warranty")).toBeNull();
    expect(await contentPage(dir, tenant, "About-Us")).toBeNull();
  });

  it("fills in the dealer's details and reads the page's form", async () => {
    const about = await contentPage(dir, tenant, "about-us");
    expect(about?.description).toBe("About Test Motors");
    expect(about?.html).toBe("<p>We are <strong>Test Motors</strong>.</p>\n");
    expect(about?.form).toBeNull();
    expect((await contentPage(dir, tenant, "service"))?.form).toBe("service");
  });
});

describe("rendering a page", () => {
  const render = (body: string, t = tenant) => parseContentPage("p", `---\ntitle: T\n---\n${body}`, t)?.html ?? "";

  it("shows HTML a dealer typed as text, never as markup", () => {
    const html = render('<script>alert("x")</script>\n\nHello <img src=x onerror=alert(1)> there');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("makes no link of a javascript: or data: address", () => {
    const html = render("[click](javascript:alert(1)) and [x](data:text/html;base64,PHNjcmlwdD4=)");
    expect(html).not.toContain("href");
  });

  it("escapes the dealer's details it fills in", () => {
    const sly = testTenant("sly-motors", { name: "<b>Sly</b> & Co" });
    expect(render("Welcome to {{name}}.", sly)).toBe("<p>Welcome to &lt;b&gt;Sly&lt;/b&gt; &amp; Co.</p>\n");
  });

  it("leaves an unknown placeholder as it is", () => {
    expect(render("{{nothing}}")).toBe("<p>{{nothing}}</p>\n");
  });

  it("gives each heading an id from its words, unique on the page", () => {
    const html = render("## Making a complaint\n\n## Reviews\n\n## Reviews\n");
    expect(html).toContain('<h2 id="making-a-complaint">');
    expect(html).toContain('<h2 id="reviews">');
    expect(html).toContain('<h2 id="reviews-2">');
    expect(headingId("Sales, Service & Parts!")).toBe("sales-service-parts");
  });
});

describe("front matter", () => {
  it("reads key: value lines between --- lines, quotes removed", () => {
    expect(splitFrontMatter('---\r\ntitle: "About: us"\r\ndescription: x\r\n---\r\nBody\r\n')).toEqual({
      fields: { title: "About: us", description: "x" },
      body: "Body\n",
    });
  });

  it("is no page when the title is missing or the form is unknown", () => {
    expect(parseContentPage("p", "Just text", tenant)).toBeNull();
    expect(parseContentPage("p", "---\ntitle: T\nform: survey\n---\nx", tenant)).toBeNull();
  });
});

describe("the content pages' addresses", () => {
  it("are one segment each, answered by the one-segment route ($page): no other route claims one", async () => {
    for (const address of CONTENT_PAGE_ADDRESSES) expect(address).toMatch(/^[a-z0-9-]+$/);
    const { aliasRoutes } = (await import("../../remix.config.js")) as unknown as {
      aliasRoutes: (define: (fn: (route: (path: string, file: string, options: { id: string }) => void) => void) => unknown) => unknown;
    };
    const aliases: string[] = [];
    aliasRoutes((fn) => fn((path) => aliases.push(path)));
    // Flat routes: a folder's name is its address, dots for slashes, `[.]` a literal dot.
    const folders = fs
      .readdirSync(path.resolve(__dirname, "../../app/routes"))
      .map((name) => name.replace(/\[\.\]/g, ".").replace(/\./g, "/"));
    expect(folders).toContain("$page");
    for (const address of CONTENT_PAGE_ADDRESSES) {
      expect(aliases, address).not.toContain(address);
      expect(folders, address).not.toContain(address);
    }
  });
});

describe("location blocks in a page", () => {
  const sections = (body: string) => parseContentPage("p", `---\ntitle: T\n---\n${body}`, tenant)?.sections ?? [];

  it("cut the page where a paragraph of its own names them, with an optional heading, text kept around them", () => {
    const page = sections("Before.\n\n{{locations:service | Our service centres}}\n\nAfter.\n\n{{ locations:sag-l1 }}\n");
    expect(page).toEqual([
      { kind: "text", html: "<p>Before.</p>\n" },
      { kind: "locations", filter: "service", heading: "Our service centres" },
      { kind: "text", html: "<p>After.</p>\n" },
      { kind: "locations", filter: "sag-l1", heading: null },
    ]);
    // The page's text without its blocks, as before.
    expect(parseContentPage("p", "---\ntitle: T\n---\nA\n\n{{locations:all}}\n\nB\n", tenant)?.html).toBe("<p>A</p>\n<p>B</p>\n");
  });

  it("a heading is text (an ampersand or markup in it shown as typed); a token inside a sentence or an odd filter is no block", () => {
    expect(sections("{{locations:parts | Parts & Accessories}}")).toEqual([
      { kind: "locations", filter: "parts", heading: "Parts & Accessories" },
    ]);
    // The page draws the heading as text: markup in it is shown, never run.
    expect(sections("{{locations:all | <script>x</script>}}")).toEqual([
      { kind: "locations", filter: "all", heading: "<script>x</script>" },
    ]);
    for (const body of ["Visit {{locations:all}} today.", "{{locations:<b>x</b>}}", "{{locations:}}"]) {
      const page = sections(body);
      expect(
        page.every((s) => s.kind === "text"),
        body,
      ).toBe(true);
      expect(page.map((s) => (s.kind === "text" ? s.html : "")).join(""), body).not.toMatch(/<script|<b>/);
    }
  });
});
