/**
 * What a car or dealership slug in an address may look like: letters, digits and URL-safe punctuation,
 * starting with a letter or digit, at most 200 characters. Anything else is a 404 before any lookup.
 */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
