/**
 * The HTML validator the browser suite runs on every page type (tests/e2e/html-valid.spec.ts, issue 26):
 * html-validate with rules equivalent to the W3C Nu checker's conformance errors.
 *
 * `html-validate:recommended` is the base, so every ARIA rule (aria-label-misuse, no-redundant-role,
 * unique-landmark, prefer-native-element...) and every form-control rule (form-dup-name, input-missing-label,
 * no-implicit-input-type...) is on. Off are only the rules about how markup is written, not whether it
 * conforms; each says why below. Two checks the Nu checker makes and html-validate does not are added as
 * this project's own rules (the `dealer-sites/` plugin).
 */
import * as htmlValidate from "html-validate";
import { HtmlValidate, Rule, StaticConfigLoader, type ConfigData, type DOMReadyEvent, type HtmlElement, type Plugin } from "html-validate";

/** html-validate's own rules (exported, though not in its type declarations). */
type RuleClass = new (options: unknown) => { setup(): void; report(...args: unknown[]): void };
const BUILTIN = (htmlValidate as unknown as { builtinRules: Record<string, RuleClass> }).builtinRules;

/** Nu: a required single select's first option must be an empty placeholder (its value "" or no text). */
class SelectRequiredPlaceholder extends Rule {
  override documentation() {
    return {
      description:
        "A required <select> (not multiple, no size above 1) must start with a placeholder <option> whose value is empty or that has no text, or it can never be empty and `required` means nothing.",
    };
  }
  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const select of event.document.querySelectorAll("select[required]")) {
        if (select.hasAttribute("multiple")) continue;
        const size = Number(select.getAttributeValue("size") ?? "1");
        if (size > 1) continue;
        const first = select.querySelector("option");
        if (!first) continue;
        const value = first.getAttributeValue("value");
        const empty = value === "" || (value === null && first.textContent.trim() === "") || first.textContent.trim() === "";
        if (!empty) this.report(first, 'the first <option> of a required <select> must be an empty placeholder (value="")');
      }
    });
  }
}

/** Nu: "Stray start tag": nothing may follow </html>; a browser moves it into <body>, a validator stops there. */
class NothingAfterHtml extends Rule {
  override documentation() {
    return { description: "Every element belongs inside <html>: nothing may follow the document's </html>." };
  }
  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      const top = event.document.root.childElements;
      const html = top.findIndex((element) => element.tagName === "html");
      for (const stray of html === -1 ? [] : top.slice(html + 1)) {
        this.report(stray, `<${stray.tagName}> after </html> (a stray start tag)`);
      }
    });
  }
}

/**
 * html-validate's form-dup-name, except that hidden inputs may share a name, as HTML allows and the Nu
 * checker accepts (a lead form sends every page of the visit as one `visited_page` input each). The rule
 * cannot be told so (its `shared` option takes no "hidden"), so this subclass drops just those reports.
 */
class FormDupNameHiddenShared extends BUILTIN["form-dup-name"] {
  override report(...args: unknown[]): void {
    const first = args[0] as { node?: HtmlElement | null } | HtmlElement | null;
    const node = first && "node" in first ? first.node : (first as HtmlElement | null);
    if (node?.is("input") && node.getAttributeValue("type") === "hidden") return;
    super.report(...args);
  }
}

export const dealerSitesPlugin: Plugin = {
  name: "dealer-sites",
  rules: {
    "dealer-sites/select-required-placeholder": SelectRequiredPlaceholder,
    "dealer-sites/nothing-after-html": NothingAfterHtml,
    // The subclass has the rule's statics (schema, fixable) at run time; its declared base type does not.
    "dealer-sites/form-dup-name": FormDupNameHiddenShared as unknown as typeof SelectRequiredPlaceholder,
  },
};

export const HTML_VALIDATE_CONFIG: ConfigData = {
  plugins: [dealerSitesPlugin],
  // recommended: the rules for any markup; document: those for a whole page (a doctype, labels for every
  // control, aria-labelledby / for / aria-describedby pointing at elements that exist, heading levels).
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    "dealer-sites/select-required-placeholder": "error",
    "dealer-sites/nothing-after-html": "error",
    // A security policy, not conformance: every script and style sheet is the dealer site's own, same origin.
    "require-sri": "off",
    // Style, not conformance: HTML attribute names are case-insensitive, and React writes its own
    // spellings (charSet, srcSet, maxLength, inputMode), which every parser and the Nu checker accept.
    "attr-case": "off",
    // Style: `<br>` and `<br/>` are both valid HTML; React writes void elements self-closed.
    "void-style": "off",
    // Style: `required=""` and `required` are the same boolean attribute; React writes the first.
    "attribute-boolean-style": "off",
    // A style="" attribute is valid HTML; the theme's colours and per-car values are CSS variables set there.
    "no-inline-style": "off",
    // Typography, not conformance: it asks for non-breaking spaces inside tel: link text.
    "tel-non-breaking": "off",
    // SEO advice (a title over 70 characters), not conformance; titles follow the spec's own patterns.
    "long-title": "off",
    // On, with HTML's own rule for ids (any characters but space, at least one): React's useId writes
    // ":R1:", which the Nu checker accepts; the strict mode would only allow letters first.
    "valid-id": ["error", { relaxed: true }],
    // On, as dealer-sites/form-dup-name (above: hidden inputs may share a name), and a group of checkboxes
    // (the results page's multi-choice filters: make, colour, fuel...) shares one name, as radios do: that
    // is how HTML sends several values for one field.
    "form-dup-name": "off",
    "dealer-sites/form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // Style: crossorigin="" and a bare crossorigin are the same; the framework's module preloads write "".
    "attribute-empty-style": "off",
  },
};

export interface HtmlProblem {
  rule: string;
  message: string;
  selector: string | null;
  line: number;
  column: number;
}

const validator = new HtmlValidate(new StaticConfigLoader(HTML_VALIDATE_CONFIG));

/** Every error in a page's HTML, by rule, message and where. */
export async function validateHtml(html: string): Promise<HtmlProblem[]> {
  const report = await validator.validateString(html);
  return report.results
    .flatMap((result) => result.messages)
    .filter((message) => message.severity === 2)
    .map((message) => ({
      rule: message.ruleId,
      message: message.message,
      selector: message.selector,
      line: message.line,
      column: message.column,
    }));
}
