/**
 * A small strict XML reader for tests (elements, attributes, text, the five entities and character
 * references, processing instructions), to read values out of lead files; their validity against the
 * ADF 1.0 DTD is xmllint's to judge (adfValidation.ts). It throws on anything a real XML parser would refuse: a bare `<` or
 * `&`, an unknown entity, a mismatched or unclosed tag, a duplicate attribute, a control character.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (children's text not included). */
  text: string;
}

export interface XmlDocument {
  instructions: Array<{ target: string; body: string }>;
  root: XmlElement;
}

const NAME = /^[A-Za-z_][A-Za-z0-9._:-]*/;
// eslint-disable-next-line no-control-regex -- the test parser refuses characters XML 1.0 cannot hold
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function decode(raw: string, where: string): string {
  if (/[<]/.test(raw)) throw new Error(`bare < in ${where}`);
  if (NOT_XML_CHAR.test(raw)) throw new Error(`character not allowed in XML in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(";")) throw new Error(`bare & in ${where}`);
    switch (entity) {
      case "amp":
        return "&";
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "quot":
        return '"';
      case "apos":
        return "'";
    }
    const ref = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(entity);
    if (ref) return String.fromCodePoint(ref[1] ? parseInt(ref[1], 16) : Number(ref[2]));
    throw new Error(`unknown entity &${entity}; in ${where}`);
  });
}

export function parseXml(source: string): XmlDocument {
  let pos = 0;
  const instructions: XmlDocument["instructions"] = [];
  const skipSpace = () => {
    while (pos < source.length && /\s/.test(source[pos])) pos++;
  };
  const expect = (literal: string) => {
    if (!source.startsWith(literal, pos)) throw new Error(`expected ${literal} at ${pos}`);
    pos += literal.length;
  };
  const readName = () => {
    const match = NAME.exec(source.slice(pos));
    if (!match) throw new Error(`expected a name at ${pos}`);
    pos += match[0].length;
    return match[0];
  };

  // Prolog: processing instructions and whitespace only.
  skipSpace();
  while (source.startsWith("<?", pos)) {
    const end = source.indexOf("?>", pos);
    if (end < 0) throw new Error("unclosed processing instruction");
    const [target, ...rest] = source.slice(pos + 2, end).split(/\s+/);
    instructions.push({ target, body: rest.join(" ") });
    pos = end + 2;
    skipSpace();
  }

  const readElement = (): XmlElement => {
    expect("<");
    const name = readName();
    const attrs: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", pos)) {
        pos += 2;
        return { name, attrs, children: [], text: "" };
      }
      if (source[pos] === ">") {
        pos++;
        break;
      }
      const attr = readName();
      skipSpace();
      expect("=");
      skipSpace();
      const quote = source[pos];
      if (quote !== '"' && quote !== "'") throw new Error(`unquoted attribute ${attr}`);
      const end = source.indexOf(quote, pos + 1);
      if (end < 0) throw new Error(`unclosed attribute ${attr}`);
      if (attr in attrs) throw new Error(`duplicate attribute ${attr} on <${name}>`);
      attrs[attr] = decode(source.slice(pos + 1, end), `attribute ${attr} of <${name}>`);
      pos = end + 1;
    }
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      if (pos >= source.length) throw new Error(`unclosed <${name}>`);
      if (source.startsWith("</", pos)) {
        pos += 2;
        const closing = readName();
        if (closing !== name) throw new Error(`</${closing}> closes <${name}>`);
        skipSpace();
        expect(">");
        return { name, attrs, children, text };
      }
      if (source[pos] === "<") {
        children.push(readElement());
        continue;
      }
      const next = source.indexOf("<", pos);
      const end = next < 0 ? source.length : next;
      text += decode(source.slice(pos, end), `text of <${name}>`);
      pos = end;
    }
  };

  const root = readElement();
  skipSpace();
  if (pos !== source.length) throw new Error("content after the root element");
  return { instructions, root };
}

/** The first child with that name (throws when missing, naming the path). */
export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
