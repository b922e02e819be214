/** `value` as a LIKE/ILIKE pattern that matches it anywhere, with the wildcards `%` and `_` taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A canonical UUID: path ids that are not one are simply "not found", never a database cast error. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
