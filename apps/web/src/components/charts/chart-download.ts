import type { InsightBar } from '@b2b/contract';

/**
 * A CSV cell a spreadsheet will not run: values starting with =, +, -, @, tab or carriage
 * return get a leading apostrophe (CSV formula injection), quotes are doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A chart's data as CSV: the bar and every measure the server sent. */
export function barsToCsv(valueName: string, bars: readonly InsightBar[]): string {
  const header = [
    'Bar',
    `${valueName} (chart value)`,
    'Suppliers',
    'Spend',
    'POs',
    'Invoices',
    'Payments',
  ];
  const rows = bars.map((b) =>
    [b.label, b.value, b.suppliers, b.spend, b.pos, b.invoices, b.payments].map(csvCell),
  );
  return [header.map(csvCell), ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}

/** Saves text or a data URL under a file name, as the browser's download. */
export function downloadFile(fileName: string, content: string, type = 'text/csv') {
  const url = content.startsWith('data:')
    ? content
    : URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (!content.startsWith('data:')) URL.revokeObjectURL(url);
}
