import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { ThemeColours } from "~/domain/colourContrast";
import { vars } from "./theme.css";
import { oncePer } from "~/domain/oncePer";

/** The tenant's theme tokens as they come from its configuration: its colours (every one set) and its type and corners. */
export interface ThemeTokenValues extends Required<ThemeColours> {
  fontBody: string;
  fontHeading: string;
  radius: string;
  buttonRadius: string;
}

/**
 * Inline style for <html> that fills the theme contract with one tenant's values. Kept per theme object
 * (the dealer's public site data is built once per tenant config), so pages do not rebuild it per render.
 */
export const themeStyle: (t: ThemeTokenValues) => Record<string, string> = oncePer((t) => {
  const { fontBody, fontHeading, radius, buttonRadius, ...color } = t;
  return assignInlineVars(vars, {
    color,
    font: { body: fontBody, heading: fontHeading },
    radius: { card: radius, button: buttonRadius },
  });
});
