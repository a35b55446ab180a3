import { createThemeContract } from "@vanilla-extract/css";

/**
 * One theme contract for every dealer site. Each tenant supplies the values in its tenant.json;
 * the root layout assigns them as CSS variables on <html>, so one stylesheet serves every brand.
 */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandContrast: null,
    accent: null,
    accentContrast: null,
    text: null,
    muted: null,
    background: null,
    surface: null,
    border: null,
    control: null,
    success: null,
    danger: null,
    warning: null,
    headerBackground: null,
    headerText: null,
    logo: null,
    focus: null,
    footerBackground: null,
    footerText: null,
  },
  font: { body: null, heading: null },
  radius: { card: null, button: null },
});
