import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { ThemeColours } from "~/domain/colourContrast";
import { vars } from "./theme.css";

/** The tenant's theme tokens as they come from its configuration: its colours (every one set) and its type and corners. */
export interface ThemeTokenValues extends Required<ThemeColours> {
  fontBody: string;
  fontHeading: string;
  radius: string;
  buttonRadius: string;
}

/** Inline style for <html> that fills the theme contract with one tenant's values. */
export function themeStyle(t: ThemeTokenValues): Record<string, string> {
  const { fontBody, fontHeading, radius, buttonRadius, ...color } = t;
  return assignInlineVars(vars, {
    color,
    font: { body: fontBody, heading: fontHeading },
    radius: { card: radius, button: buttonRadius },
  });
}
