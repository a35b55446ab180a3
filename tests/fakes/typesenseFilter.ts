/**
 * A small evaluator for the Typesense `filter_by` syntax the adapter generates: `:=`, `:!=`, `:>`,
 * `:>=`, `:<`, `:<=`, `:[a..b]`, `[..]` lists of backtick-quoted or bare values, `&&`, `||` and
 * parentheses. It reads the string the way Typesense does (a backtick opens and closes a value; there
 * is no escape), so a value that breaks out of its quotes shows up here as a parse error or a wrong answer.
 */
export type FieldType = "string" | "string[]" | "int32" | "int64" | "float" | "bool";

export class FilterSyntaxError extends Error {}

type Operator = "=" | "!=" | ">" | ">=" | "<" | "<=";
type Value = { text: string; quoted: boolean } | { range: [number, number] };

export type FilterNode =
  | { kind: "and" | "or"; left: FilterNode; right: FilterNode }
  | { kind: "compare"; field: string; operator: Operator; values: Value[]; list: boolean };

export function parseFilter(input: string): FilterNode {
  let pos = 0;
  const skipSpace = () => {
    while (pos < input.length && /\s/.test(input[pos])) pos++;
  };
  const fail = (why: string): never => {
    throw new FilterSyntaxError(`Could not parse the filter query: ${why} at ${pos} in ${input}`);
  };
  const peek = (s: string) => input.startsWith(s, pos);

  function parseOr(): FilterNode {
    let left = parseAnd();
    skipSpace();
    while (peek("||")) {
      pos += 2;
      left = { kind: "or", left, right: parseAnd() };
      skipSpace();
    }
    return left;
  }

  function parseAnd(): FilterNode {
    let left = parsePrimary();
    skipSpace();
    while (peek("&&")) {
      pos += 2;
      left = { kind: "and", left, right: parsePrimary() };
      skipSpace();
    }
    return left;
  }

  function parsePrimary(): FilterNode {
    skipSpace();
    if (peek("(")) {
      pos++;
      const inner = parseOr();
      skipSpace();
      if (!peek(")")) fail("unbalanced parentheses");
      pos++;
      return inner;
    }
    const field = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(input.slice(pos))?.[0] ?? fail("expected a field name");
    pos += field.length;
    skipSpace();
    if (!peek(":")) fail(`expected ':' after ${field}`);
    pos++;
    skipSpace();
    const operator = (["!=", ">=", "<=", "=", ">", "<"] as Operator[]).find((op) => peek(op));
    // A bare `field:value` is Typesense's partial (word) match: the adapter must never send it.
    if (!operator && !peek("[")) fail(`partial match on ${field} is not supported`);
    if (operator) pos += operator.length;
    skipSpace();
    if (peek("[")) {
      pos++;
      const values: Value[] = [];
      skipSpace();
      while (!peek("]")) {
        values.push(parseValue(true));
        skipSpace();
        if (peek(",")) {
          pos++;
          skipSpace();
        } else if (!peek("]")) fail("expected ',' or ']'");
      }
      pos++;
      if (!values.length) fail("empty list");
      return { kind: "compare", field, operator: operator ?? "=", values, list: true };
    }
    return { kind: "compare", field, operator: operator!, values: [parseValue(false)], list: false };
  }

  function parseValue(inList: boolean): Value {
    skipSpace();
    if (peek("`")) {
      const end = input.indexOf("`", pos + 1);
      if (end < 0) fail("unterminated backtick");
      const text = input.slice(pos + 1, end);
      pos = end + 1;
      return { text, quoted: true };
    }
    const stop = inList ? /[,\]]/ : /[\s)]|&&|\|\|/;
    const rest = input.slice(pos);
    const match = stop.exec(rest);
    const raw = (match ? rest.slice(0, match.index) : rest).trim();
    if (!raw) fail("expected a value");
    pos += match ? match.index : rest.length;
    const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$/.exec(raw);
    if (range) return { range: [Number(range[1]), Number(range[2])] };
    if (/[()`&|]/.test(raw)) fail(`special characters in unquoted value ${raw}`);
    return { text: raw, quoted: false };
  }

  const tree = parseOr();
  skipSpace();
  if (pos !== input.length) fail("unexpected trailing input");
  return tree;
}

export type Schema = Map<string, { type: FieldType; index: boolean }>;

/** Checks every field exists, is indexed and gets values of its type; throws FilterSyntaxError. */
export function checkFilter(node: FilterNode, schema: Schema): void {
  if (node.kind !== "compare") {
    checkFilter(node.left, schema);
    checkFilter(node.right, schema);
    return;
  }
  const field = node.field === "id" ? { type: "string" as FieldType, index: true } : schema.get(node.field);
  if (!field || !field.index) throw new FilterSyntaxError(`Could not find a filter field named \`${node.field}\` in the schema.`);
  const numeric = field.type === "int32" || field.type === "int64" || field.type === "float";
  for (const value of node.values) {
    if ("range" in value) {
      if (!numeric) throw new FilterSyntaxError(`Range filter on non-numeric field ${node.field}`);
    } else if (numeric && !Number.isFinite(Number(value.text))) {
      throw new FilterSyntaxError(`Error with filter field \`${node.field}\`: Not an int32/float.`);
    } else if (field.type === "bool" && value.text !== "true" && value.text !== "false") {
      throw new FilterSyntaxError(`Value of filter field \`${node.field}\`: must be \`true\` or \`false\`.`);
    }
  }
  if (!numeric && [">", ">=", "<", "<="].includes(node.operator)) {
    throw new FilterSyntaxError(`Comparison on non-numeric field ${node.field}`);
  }
}

export function matchesFilter(node: FilterNode, doc: Record<string, unknown>, schema: Schema): boolean {
  if (node.kind !== "compare") {
    return node.kind === "and"
      ? matchesFilter(node.left, doc, schema) && matchesFilter(node.right, doc, schema)
      : matchesFilter(node.left, doc, schema) || matchesFilter(node.right, doc, schema);
  }
  const raw = doc[node.field];
  if (raw === undefined || raw === null) return node.operator === "!=";
  const type = node.field === "id" ? "string" : schema.get(node.field)!.type;
  const docValues = Array.isArray(raw) ? raw : [raw];
  const equalsAny = docValues.some((dv) =>
    node.values.some((v) => {
      if ("range" in v) return typeof dv === "number" && dv >= v.range[0] && dv <= v.range[1];
      if (type === "bool") return String(dv) === v.text;
      if (typeof dv === "number") return dv === Number(v.text);
      return dv === v.text;
    }),
  );
  switch (node.operator) {
    case "=":
      return equalsAny;
    case "!=":
      return !equalsAny;
    default: {
      const limit = Number((node.values[0] as { text: string }).text);
      return docValues.some((dv) => {
        const n = Number(dv);
        if (node.operator === ">") return n > limit;
        if (node.operator === ">=") return n >= limit;
        if (node.operator === "<") return n < limit;
        return n <= limit;
      });
    }
  }
}
