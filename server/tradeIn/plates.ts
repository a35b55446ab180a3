/** A number plate as a key: letters and digits only, upper case ('abc-123' and 'ABC 123' are 'ABC123'); "" when it cannot be one. */
export function plateKey(rego: string): string {
  const key = String(rego ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return key.length >= 1 && key.length <= 9 ? key : "";
}
