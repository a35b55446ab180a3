/**
 * Shoppers filter by colour family ('White', 'Blue'), not by the maker's paint name ('Glacier White',
 * 'Blue (Pearl), Metallic'): a dealer group's stock has a hundred paint names, which no shopper can
 * scan. The paint name stays searchable as text and is shown on the car.
 */
const FAMILIES: [family: string, words: RegExp][] = [
  // Order matters where paint names mix words: 'Titanium' is grey, not tan.
  ["Grey", /\b(grey|gray|graphite|gunmetal|titanium|charcoal|slate|concrete|magnetic|storm|steel)\b/],
  ["White", /\b(white|ivory|alabaster|snow|glacier|frost|arctic|chalk)\b/],
  ["Black", /\b(black|ebony|onyx|jet|phantom|obsidian|midnight|noir)\b/],
  ["Silver", /\b(silver|platinum|aluminium|sterling|mercury)\b/],
  ["Blue", /\b(blue|navy|azure|sapphire|cobalt|ocean|marine|aqua|teal|cyan)\b/],
  ["Red", /\b(red|crimson|maroon|burgundy|ruby|scarlet|cherry|wine|magma)\b/],
  ["Green", /\b(green|olive|emerald|khaki|jade|forest|lime|sage)\b/],
  ["Yellow", /\b(yellow|lemon|sunburst|mustard)\b/],
  ["Orange", /\b(orange|tangerine|amber|copper|sunset)\b/],
  ["Brown", /\b(brown|bronze|chocolate|mocha|coffee|mahogany|cocoa)\b/],
  ["Beige", /\b(beige|sand|tan|cream|champagne|desert|dune|stone)\b/],
  ["Gold", /\b(gold|golden)\b/],
  ["Purple", /\b(purple|violet|plum|lilac|lavender)\b/],
];

export function colourFamily(paint: string): string {
  const words = paint.toLowerCase();
  if (!words.trim()) return "";
  for (const [family, pattern] of FAMILIES) if (pattern.test(words)) return family;
  return "Other";
}
