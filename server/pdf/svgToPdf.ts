/**
 * Draws an SVG illustration into a PDF with pdfkit's vector operations, so the brochure carries the
 * same picture as the website at any zoom. It understands the subset vehicle illustrations use: groups
 * with transforms, rect, circle, ellipse, line, polyline, polygon, path and text; solid colours, linear
 * and radial gradients (object bounding box units), opacity and strokes. Anything else is skipped.
 */
import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;

export interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : (ENTITIES[e.toLowerCase()] ?? ""),
  );

/** A small XML reader: enough for generated SVG (no DTDs); comments and processing instructions are dropped. */
export function parseSvg(source: string): SvgNode | null {
  const root: SvgNode = { name: "#root", attrs: {}, children: [], text: "" };
  const stack: SvgNode[] = [root];
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = token.exec(source))) {
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2]) {
      if (stack.length > 1 && top.name === m[2]) stack.pop();
    } else if (m[3]) {
      const attrs: Record<string, string> = {};
      for (const a of m[4].matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]] = decode(a[2] ?? a[3] ?? "");
      const node: SvgNode = { name: m[3], attrs, children: [], text: "" };
      top.children.push(node);
      if (!m[5]) stack.push(node);
    } else if (m[6] !== undefined) top.text += decode(m[6]);
  }
  return root.children.find((c) => c.name === "svg") ?? null;
}

type Matrix = [number, number, number, number, number, number];

/** 'matrix(...) translate(...) scale(...) rotate(...)' as one matrix. */
export function parseTransform(value: string | undefined): Matrix | null {
  if (!value) return null;
  let out: Matrix = [1, 0, 0, 1, 0, 0];
  for (const m of value.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g)) {
    const n = m[2]
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let t: Matrix;
    switch (m[1]) {
      case "matrix":
        t = [n[0], n[1], n[2], n[3], n[4], n[5]] as Matrix;
        break;
      case "translate":
        t = [1, 0, 0, 1, n[0] ?? 0, n[1] ?? 0];
        break;
      case "scale":
        t = [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1, 0, 0];
        break;
      case "rotate": {
        const a = ((n[0] ?? 0) * Math.PI) / 180;
        const [cx, cy] = [n[1] ?? 0, n[2] ?? 0];
        const r: Matrix = [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
        t = multiply(multiply([1, 0, 0, 1, cx, cy], r), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case "skewX":
        t = [1, 0, Math.tan(((n[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      default:
        t = [1, Math.tan(((n[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
    }
    if (t.some((x) => !Number.isFinite(x))) return null;
    out = multiply(out, t);
  }
  return out;
}

function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  grey: "#808080",
  gray: "#808080",
  silver: "#c0c0c0",
  transparent: "none",
};

/** A colour pdfkit accepts (#rrggbb), 'none', or a gradient reference. */
export function parseColour(
  value: string | undefined,
): { kind: "none" } | { kind: "colour"; hex: string; alpha: number } | { kind: "url"; id: string } | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v === "none" || v === "transparent") return { kind: "none" };
  const url = /^url\(\s*#([^)\s]+)\s*\)/.exec(v);
  if (url) return { kind: "url", id: url[1] };
  if (NAMED[v]) return NAMED[v] === "none" ? { kind: "none" } : { kind: "colour", hex: NAMED[v], alpha: 1 };
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return { kind: "colour", hex: `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`, alpha: 1 };
  if (/^#[0-9a-f]{6}$/.test(v)) return { kind: "colour", hex: v, alpha: 1 };
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(v);
  if (rgb) {
    const hex = [rgb[1], rgb[2], rgb[3]]
      .map((c) =>
        Math.max(0, Math.min(255, Math.round(Number(c))))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("");
    return { kind: "colour", hex: `#${hex}`, alpha: rgb[4] !== undefined ? Number(rgb[4]) : 1 };
  }
  return null;
}

interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  fillOpacity: number;
  strokeOpacity: number;
  opacity: number;
  lineJoin: string;
  lineCap: string;
  fontSize: number;
  fontWeight: string;
  textAnchor: string;
}

const ROOT_STYLE: Style = {
  fill: "#000000",
  stroke: "none",
  strokeWidth: 1,
  fillOpacity: 1,
  strokeOpacity: 1,
  opacity: 1,
  lineJoin: "miter",
  lineCap: "butt",
  fontSize: 16,
  fontWeight: "normal",
  textAnchor: "start",
};

function attrsWithStyle(node: SvgNode): Record<string, string> {
  const out = { ...node.attrs };
  for (const decl of (node.attrs.style ?? "").split(";")) {
    const [k, ...rest] = decl.split(":");
    if (k && rest.length) out[k.trim()] = rest.join(":").trim();
  }
  return out;
}

function inherit(parent: Style, a: Record<string, string>): Style {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && Number.isFinite(parseFloat(v)) ? parseFloat(v) : fallback);
  return {
    fill: a.fill ?? parent.fill,
    stroke: a.stroke ?? parent.stroke,
    strokeWidth: num(a["stroke-width"], parent.strokeWidth),
    fillOpacity: num(a["fill-opacity"], parent.fillOpacity),
    strokeOpacity: num(a["stroke-opacity"], parent.strokeOpacity),
    // opacity multiplies down the tree
    opacity: parent.opacity * num(a.opacity, 1),
    lineJoin: a["stroke-linejoin"] ?? parent.lineJoin,
    lineCap: a["stroke-linecap"] ?? parent.lineCap,
    fontSize: num(a["font-size"], parent.fontSize),
    fontWeight: a["font-weight"] ?? parent.fontWeight,
    textAnchor: a["text-anchor"] ?? parent.textAnchor,
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Gradients = Map<string, SvgNode>;

const n = (v: string | undefined, fallback = 0) => {
  const x = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(x) ? x : fallback;
};

/** Gradient coordinate: '50%' or '0.5' (object bounding box units). */
const unit = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  return v.trim().endsWith("%") ? parseFloat(v) / 100 : n(v, fallback);
};

function pathBox(d: string): Box | null {
  const nums = (d.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
  if (nums.length < 2) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < nums.length; i += 2) {
    minX = Math.min(minX, nums[i]);
    maxX = Math.max(maxX, nums[i]);
    minY = Math.min(minY, nums[i + 1]);
    maxY = Math.max(maxY, nums[i + 1]);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

function makePaint(doc: Doc, value: string, box: Box | null, gradients: Gradients, opacity: number) {
  const c = parseColour(value);
  if (!c || c.kind === "none") return null;
  if (c.kind === "colour") return { paint: c.hex as unknown as string, opacity: opacity * c.alpha };
  const g = gradients.get(c.id);
  if (!g || !box) return null;
  const stops = g.children.filter((s) => s.name === "stop");
  if (!stops.length) return null;
  const userSpace = g.attrs.gradientUnits === "userSpaceOnUse";
  let grad;
  if (g.name === "linearGradient") {
    grad = doc.linearGradient(unit(g.attrs.x1, 0), unit(g.attrs.y1, 0), unit(g.attrs.x2, 1), unit(g.attrs.y2, 0));
  } else {
    const cx = unit(g.attrs.cx, userSpace ? 0 : 0.5);
    const cy = unit(g.attrs.cy, userSpace ? 0 : 0.5);
    const r = unit(g.attrs.r, userSpace ? 0 : 0.5);
    grad = doc.radialGradient(unit(g.attrs.fx, cx), unit(g.attrs.fy, cy), 0, cx, cy, r);
  }
  // Object-bounding-box gradients are laid out in 0..1 of the shape's box (pdfkit has the method, its types lack it).
  if (!userSpace) (grad as unknown as { setTransform(...m: number[]): void }).setTransform(box.width, 0, 0, box.height, box.x, box.y);
  let last = 0;
  for (const stop of stops) {
    const a = attrsWithStyle(stop);
    const offset = Math.max(last, Math.min(1, unit(a.offset, 0)));
    last = offset;
    const colour = parseColour(a["stop-color"] ?? "#000000");
    const hex = colour && colour.kind === "colour" ? colour.hex : "#000000";
    grad.stop(offset, hex, n(a["stop-opacity"], 1) * (colour && colour.kind === "colour" ? colour.alpha : 1));
  }
  return { paint: grad as unknown as string, opacity };
}

function paintShape(doc: Doc, style: Style, box: Box | null, gradients: Gradients, build: () => void) {
  const fill = makePaint(doc, style.fill, box, gradients, style.fillOpacity * style.opacity);
  const stroke = style.strokeWidth > 0 ? makePaint(doc, style.stroke, box, gradients, style.strokeOpacity * style.opacity) : null;
  if (!fill && !stroke) return;
  build();
  if (stroke) {
    doc.lineWidth(style.strokeWidth);
    doc.lineJoin((["miter", "round", "bevel"].includes(style.lineJoin) ? style.lineJoin : "miter") as "miter");
    doc.lineCap((["butt", "round", "square"].includes(style.lineCap) ? style.lineCap : "butt") as "butt");
  }
  if (fill && stroke) {
    doc.fillOpacity(fill.opacity).strokeOpacity(stroke.opacity);
    doc.fillAndStroke(fill.paint, stroke.paint);
  } else if (fill) {
    doc.fillOpacity(fill.opacity);
    doc.fill(fill.paint);
  } else if (stroke) {
    doc.strokeOpacity(stroke.opacity);
    doc.stroke(stroke.paint);
  }
}

function collectGradients(node: SvgNode, into: Gradients) {
  if ((node.name === "linearGradient" || node.name === "radialGradient") && node.attrs.id) into.set(node.attrs.id, node);
  for (const child of node.children) collectGradients(child, into);
}

function drawNode(doc: Doc, node: SvgNode, parent: Style, gradients: Gradients) {
  const a = attrsWithStyle(node);
  if (a.display === "none" || a.visibility === "hidden") return;
  if (["defs", "linearGradient", "radialGradient", "animate", "title", "desc", "clipPath", "mask", "style", "metadata"].includes(node.name))
    return;
  const style = inherit(parent, a);
  const transform = parseTransform(a.transform);
  doc.save();
  if (transform) doc.transform(...transform);
  switch (node.name) {
    case "svg":
    case "g":
      for (const child of node.children) drawNode(doc, child, style, gradients);
      break;
    case "rect": {
      const box = { x: n(a.x), y: n(a.y), width: n(a.width), height: n(a.height) };
      if (box.width > 0 && box.height > 0) {
        const r = Math.min(n(a.rx, n(a.ry)), box.width / 2, box.height / 2);
        paintShape(doc, style, box, gradients, () =>
          r > 0 ? doc.roundedRect(box.x, box.y, box.width, box.height, r) : doc.rect(box.x, box.y, box.width, box.height),
        );
      }
      break;
    }
    case "circle": {
      const [cx, cy, r] = [n(a.cx), n(a.cy), n(a.r)];
      if (r > 0) paintShape(doc, style, { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r }, gradients, () => doc.circle(cx, cy, r));
      break;
    }
    case "ellipse": {
      const [cx, cy, rx, ry] = [n(a.cx), n(a.cy), n(a.rx), n(a.ry)];
      if (rx > 0 && ry > 0)
        paintShape(doc, style, { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry }, gradients, () => doc.ellipse(cx, cy, rx, ry));
      break;
    }
    case "line": {
      const line = { ...style, fill: "none" };
      const [x1, y1, x2, y2] = [n(a.x1), n(a.y1), n(a.x2), n(a.y2)];
      paintShape(
        doc,
        line,
        { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1) || 1, height: Math.abs(y2 - y1) || 1 },
        gradients,
        () => doc.moveTo(x1, y1).lineTo(x2, y2),
      );
      break;
    }
    case "polyline":
    case "polygon": {
      const pts = (a.points ?? "")
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (pts.length >= 4 && pts.every(Number.isFinite)) {
        const d = `M${pts.slice(0, 2).join(" ")}L${pts.slice(2).join(" ")}${node.name === "polygon" ? "Z" : ""}`;
        paintShape(doc, style, pathBox(d), gradients, () => doc.path(d));
      }
      break;
    }
    case "path":
      if (a.d) paintShape(doc, style, pathBox(a.d), gradients, () => doc.path(a.d));
      break;
    case "text": {
      const content = (node.text + node.children.map((c) => c.text).join("")).replace(/\s+/g, " ").trim();
      const fill = parseColour(style.fill);
      if (content && fill && fill.kind === "colour") {
        const bold = /bold|[6-9]00/.test(style.fontWeight);
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(style.fontSize);
        const width = doc.widthOfString(content);
        const x = n(a.x) - (style.textAnchor === "middle" ? width / 2 : style.textAnchor === "end" ? width : 0);
        // SVG places text by its baseline, pdfkit by the top of the line.
        doc
          .fillOpacity(style.fillOpacity * style.opacity)
          .fillColor(fill.hex)
          .text(content, x, n(a.y) - style.fontSize * 0.8, { lineBreak: false });
      }
      break;
    }
    default:
      break;
  }
  doc.restore();
}

/** Draws the SVG scaled to fit the box (centred, aspect kept). Returns false when the SVG cannot be read. */
export function drawSvg(doc: Doc, source: string, box: Box): boolean {
  const svg = parseSvg(source);
  if (!svg) return false;
  const vb = (svg.attrs.viewBox ?? "").split(/[\s,]+/).map(Number);
  const [vx, vy, vw, vh] =
    vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0
      ? vb
      : [0, 0, n(svg.attrs.width, box.width), n(svg.attrs.height, box.height)];
  const scale = Math.min(box.width / vw, box.height / vh);
  const gradients: Gradients = new Map();
  collectGradients(svg, gradients);
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.translate(box.x + (box.width - vw * scale) / 2, box.y + (box.height - vh * scale) / 2);
  doc.scale(scale);
  doc.translate(-vx, -vy);
  for (const child of svg.children) drawNode(doc, child, inherit(ROOT_STYLE, attrsWithStyle(svg)), gradients);
  doc.restore();
  return true;
}
