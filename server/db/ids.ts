import { randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** Timestamps come back as Date from both drivers; rows keep ISO strings. */
export function iso(value: unknown): string {
  if (!value) return "";
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
