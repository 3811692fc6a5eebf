/** One CSV field: quoted when it holds a delimiter, quote or line break; null → empty. */
export function csvField(
  value: string | number | boolean | null | undefined,
  delimiter = ',',
): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return text.includes('"') ||
    text.includes(delimiter) ||
    /[\r\n]/.test(text) ||
    text !== text.trim()
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

/** One CSV line with its line break. */
export function csvLine(
  values: readonly (string | number | boolean | null | undefined)[],
  delimiter = ',',
): string {
  return values.map((v) => csvField(v, delimiter)).join(delimiter) + '\n';
}
