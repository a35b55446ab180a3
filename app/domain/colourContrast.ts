/**
 * Colour contrast as WCAG 2.2 measures it (success criteria 1.4.3 and 1.4.11), and the pairs a dealer's
 * theme puts in front of shoppers. A theme that fails any pair would ship a site some shoppers cannot read,
 * so the tenant schema refuses it at load, naming the pair and a colour that would pass.
 */

/** Body text needs 4.5:1 against what is behind it. */
export const TEXT_CONTRAST = 4.5;
/** Large text (24px, or 18.66px bold) needs 3:1; so do the parts of controls a shopper must see (field borders, focus rings). */
export const LARGE_TEXT_CONTRAST = 3;
export const UI_CONTRAST = 3;

const HEX = /^#([0-9a-f]{6})$/i;

/** Whether a value is a colour these rules can measure (#rrggbb). */
export const isHexColour = (value: unknown): value is string => typeof value === "string" && HEX.test(value);

function channels(hex: string): [number, number, number] {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, 1 to 21, the same whichever is in front. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour nearest to `foreground` (mixed towards black or white, whichever reaches the ratio sooner
 * against `background`) that meets `minimum`: what a dealer could use instead and keep the hue.
 */
export function nearestPassing(foreground: string, background: string, minimum: number): string {
  if (contrastRatio(foreground, background) >= minimum) return foreground;
  const rgb = channels(foreground);
  const towards = (target: number) => {
    for (let step = 1; step <= 100; step++) {
      const mixed = toHex(rgb.map((c) => c + ((target - c) * step) / 100));
      if (contrastRatio(mixed, background) >= minimum) return { colour: mixed, step };
    }
    return null;
  };
  const candidates = [towards(0), towards(255)].filter((c) => c !== null);
  candidates.sort((a, b) => a.step - b.step);
  return candidates[0]?.colour ?? (contrastRatio("#000000", background) >= contrastRatio("#ffffff", background) ? "#000000" : "#ffffff");
}

/** The first of `candidates` that reads at `minimum` on `background`, else the one that reads best. */
export function readableOn(background: string, candidates: readonly string[], minimum = TEXT_CONTRAST): string {
  const passing = candidates.find((c) => contrastRatio(c, background) >= minimum);
  if (passing) return passing;
  return [...candidates].sort((a, b) => contrastRatio(b, background) - contrastRatio(a, background))[0]!;
}

/** The colour tokens of a dealer's theme, after its defaults (server/tenants/schema.ts themeSchema). */
export interface ThemeColours {
  brand: string;
  brandContrast: string;
  accent: string;
  accentContrast: string;
  text: string;
  muted: string;
  background: string;
  surface: string;
  border: string;
  control: string;
  success: string;
  danger: string;
  warning: string;
  headerBackground: string;
  headerText: string;
  /** The brand colour when absent. */
  logo?: string;
  /** The focus ring on the page; the accent colour when absent. */
  focus?: string;
  footerBackground: string;
  footerText: string;
}

type ColourToken = keyof ThemeColours;

/** The tint behind error messages (app/styles/ui.css.ts alert), the same for every dealer. */
export const ALERT_BACKGROUND = "#fdecea";

/** The text on status badges over car photos (app/components/vehicle-card), white for every dealer. */
export const BADGE_TEXT = "#ffffff";

export interface ThemePair {
  foreground: ColourToken;
  /** A token of the theme, or a fixed colour the styles put behind it. */
  background: ColourToken | { fixed: string; name: string };
  minimum: number;
  /** Where a shopper meets it. */
  where: string;
}

/**
 * Every foreground/background pair the site's styles draw from the theme (app/styles and the
 * components' .css.ts files): text at 4.5:1, the parts of controls at 3:1. Large text alone is never
 * listed at 3:1, as the same colours also carry small text somewhere.
 */
export const THEME_PAIRS: readonly ThemePair[] = [
  ...(["background", "surface"] as const).flatMap((background): ThemePair[] => [
    { foreground: "text", background, minimum: TEXT_CONTRAST, where: "body text" },
    { foreground: "muted", background, minimum: TEXT_CONTRAST, where: "secondary text (card specs, hints)" },
    { foreground: "brand", background, minimum: TEXT_CONTRAST, where: "links, prices and outline buttons" },
    { foreground: "danger", background, minimum: TEXT_CONTRAST, where: "error messages" },
    { foreground: "success", background, minimum: TEXT_CONTRAST, where: "confirmations" },
    { foreground: "warning", background, minimum: TEXT_CONTRAST, where: "notices" },
    { foreground: "focus", background, minimum: UI_CONTRAST, where: "the focus ring" },
  ]),
  { foreground: "control", background: "background", minimum: UI_CONTRAST, where: "form field borders" },
  { foreground: "brandContrast", background: "brand", minimum: TEXT_CONTRAST, where: "primary buttons and brand tiles" },
  { foreground: "accentContrast", background: "accent", minimum: TEXT_CONTRAST, where: "accent buttons" },
  ...(["danger", "success", "warning"] as const).map((status): ThemePair => ({
    foreground: status,
    background: { fixed: BADGE_TEXT, name: "white badge text" },
    minimum: TEXT_CONTRAST,
    where: "badges on cars",
  })),
  { foreground: "danger", background: { fixed: ALERT_BACKGROUND, name: "the alert tint" }, minimum: TEXT_CONTRAST, where: "error alerts" },
  { foreground: "headerText", background: "headerBackground", minimum: TEXT_CONTRAST, where: "header menus and the header's focus ring" },
  { foreground: "logo", background: "headerBackground", minimum: TEXT_CONTRAST, where: "the logo text (small on phones)" },
  { foreground: "footerText", background: "footerBackground", minimum: TEXT_CONTRAST, where: "footer links and text" },
];

/** The theme with its optional tokens filled as the site fills them. */
export function resolvedColours<T extends ThemeColours>(theme: T): T & Required<Pick<ThemeColours, "logo" | "focus">> {
  return { ...theme, logo: theme.logo ?? theme.brand, focus: theme.focus ?? theme.accent };
}

export interface ContrastFailure {
  foreground: ColourToken;
  background: string;
  ratio: number;
  minimum: number;
  where: string;
  /** Colours for either token of the pair that would pass it (the other left as it is). */
  suggestions: { token: string; colour: string }[];
  message: string;
}

const round2 = (n: number) => Math.floor(n * 100) / 100;

/** The pairs of a theme that fall short, each with the ratio and a passing colour to use instead. */
export function themeContrastFailures(theme: ThemeColours): ContrastFailure[] {
  const colours = resolvedColours(theme);
  // A colour that is not #rrggbb is the schema's to report; contrast is measured once every colour is one.
  if (
    !THEME_PAIRS.every(
      (p) => isHexColour(colours[p.foreground]) && (typeof p.background !== "string" || isHexColour(colours[p.background])),
    )
  )
    return [];
  const failures: ContrastFailure[] = [];
  for (const pair of THEME_PAIRS) {
    const fg = colours[pair.foreground];
    const [bgName, bg] =
      typeof pair.background === "string" ? [pair.background, colours[pair.background]] : [pair.background.name, pair.background.fixed];
    const ratio = contrastRatio(fg, bg);
    if (ratio >= pair.minimum) continue;
    const suggestions = [{ token: pair.foreground, colour: nearestPassing(fg, bg, pair.minimum) }];
    if (typeof pair.background === "string") suggestions.push({ token: pair.background, colour: nearestPassing(bg, fg, pair.minimum) });
    failures.push({
      foreground: pair.foreground,
      background: bgName,
      ratio,
      minimum: pair.minimum,
      where: pair.where,
      suggestions,
      message:
        `${pair.foreground} ${fg} on ${bgName} ${bg} (${pair.where}) has contrast ${round2(ratio)}:1, needs ${pair.minimum}:1; ` +
        `${suggestions.map((s) => `${s.token} ${s.colour}`).join(" or ")} would pass`,
    });
  }
  return failures;
}
