/**
 * Application references a shopper can read out over the phone and nobody can guess: FIN- and three
 * groups of four from an alphabet without look-alikes (no 0/O, 1/I/L), 12 random characters from the
 * system's CSPRNG, about 59 bits.
 */
import { randomInt } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^FIN-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export function newApplicationReference(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let group = "";
    for (let i = 0; i < 4; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return `FIN-${groups.join("-")}`;
}

/** A reference as typed into an address bar: trimmed and upper-cased, or null when it cannot be one. */
export function readApplicationReference(text: string): string | null {
  const reference = text.trim().toUpperCase();
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}
