/** The parts search form: the part across the card, the car's make, model and year in a row on wide screens. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const searchForm = style({
  display: "grid",
  gap: "16px",
  gridTemplateColumns: "1fr",
  "@media": { "screen and (min-width: 640px)": { gridTemplateColumns: "2fr 2fr 1fr" } },
});

export const wide = style({ gridColumn: "1 / -1" });

export const optional = style({ fontWeight: 400, color: vars.color.muted });
