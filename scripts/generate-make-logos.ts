/**
 * Writes a small monogram SVG for every make in app/domain/manufacturers.ts to public/logos/makes/.
 * Monograms, not brand artwork: no trademarked logos are copied or downloaded.
 *   npx tsx scripts/generate-make-logos.ts
 */
import fs from "node:fs";
import path from "node:path";
import { MANUFACTURERS } from "../app/domain/manufacturers";

const OUT = path.join(process.cwd(), "public/logos/makes");
// Muted, dark enough for white letters (contrast above 4.5:1).
const PALETTE = ["#1d3557", "#7a2e2e", "#2f4f4f", "#4a3f73", "#1f5f4a", "#6b4226", "#2b4c7e", "#5a2a55", "#3d5a1e", "#444c56"];

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

export function monogram(name: string): string {
  const words = name.split(/[\s\-&]+/).filter(Boolean);
  if (/^[A-Z]{2,3}$/.test(words[0] ?? "") && words.length <= 2) return words[0];
  if (words.length >= 2 && !/^(trucks|rv|caravans)$/i.test(words[1])) return (words[0][0] + words[1][0]).toUpperCase();
  return words[0][0].toUpperCase();
}

function svg(name: string): string {
  const letters = monogram(name);
  const colour = PALETTE[hash(name) % PALETTE.length];
  const size = letters.length === 1 ? 30 : letters.length === 2 ? 24 : 18;
  const escaped = name.replace(/&/g, "&amp;");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escaped}"><circle cx="32" cy="32" r="30" fill="${colour}"/><circle cx="32" cy="32" r="26" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff" letter-spacing=".5">${letters.replace(/&/g, "&amp;")}</text></svg>\n`;
}

fs.mkdirSync(OUT, { recursive: true });
for (const m of MANUFACTURERS) fs.writeFileSync(path.join(OUT, `${m.slug}.svg`), svg(m.name));
console.log(`${MANUFACTURERS.length} make logos written to ${path.relative(process.cwd(), OUT)}`);
