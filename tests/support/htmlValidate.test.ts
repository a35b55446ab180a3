import { describe, expect, it } from "vitest";
import { validateHtml } from "./htmlValidate";

const page = (body: string, after = "") =>
  `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><title>Cars</title></head><body><main>${body}</main></body></html>${after}`;
const rules = async (html: string) => (await validateHtml(html)).map((p) => p.rule);

describe("the page validator", () => {
  it("passes a valid page", async () => {
    expect(await validateHtml(page("<h1>Cars</h1>"))).toEqual([]);
  });
  it("flags an aria-label on a div with no role (the model menu's error)", async () => {
    expect(await rules(page('<div aria-label="Model categories">x</div>'))).toContain("aria-label-misuse");
  });
  it("flags a required select whose first option is not an empty placeholder (the finance term's error)", async () => {
    const bad = '<label for="t">Term</label><select id="t" name="term" required><option value="5">5 years</option></select>';
    const good =
      '<label for="t">Term</label><select id="t" name="term" required><option value="">Choose</option><option value="5">5 years</option></select>';
    const unrequired = '<label for="t">Term</label><select id="t" name="term"><option value="5">5 years</option></select>';
    expect(await rules(page(bad))).toEqual(["dealer-sites/select-required-placeholder"]);
    expect(await rules(page(good))).toEqual([]);
    expect(await rules(page(unrequired))).toEqual([]);
  });
  it("flags anything after </html>", async () => {
    expect(await rules(page("<p>x</p>", "<script>1</script>"))).toEqual(["dealer-sites/nothing-after-html"]);
  });
  it("keeps form-control rules on: duplicate names, but not a checkbox group", async () => {
    const dup = '<form><input type="text" name="a" aria-label="A"><input type="text" name="a" aria-label="B"></form>';
    const group =
      '<form><label><input type="checkbox" name="make" value="a"> A</label><label><input type="checkbox" name="make" value="b"> B</label><button type="submit">Show</button></form>';
    const hidden =
      '<form><input type="hidden" name="visited_page" value="/"><input type="hidden" name="visited_page" value="/cars"><button type="submit">Send</button></form>';
    expect(await rules(page(dup))).toContain("dealer-sites/form-dup-name");
    expect(await rules(page(hidden))).toEqual([]);
    expect(await rules(page(group))).toEqual([]);
  });
  it("flags a control with no label", async () => {
    expect(await rules(page('<input type="text" name="q">'))).toContain("input-missing-label");
  });
});
