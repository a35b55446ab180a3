import { assignInlineVars } from "@vanilla-extract/dynamic";
import { vars } from "./theme.css";

/** The tenant's theme tokens as they come from its configuration. */
export interface ThemeTokenValues {
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
  logo: string;
  focus: string;
  footerBackground: string;
  footerText: string;
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
