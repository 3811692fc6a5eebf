import fs from 'node:fs';
import readline from 'node:readline';
import { csvLine } from '../../apps/server/src/engine/csv-text.js';
import { splitRecords } from '../../apps/server/src/engine/ingestion/csv-sniff.js';

/** How buyers' exports arrive besides plain UTF-8 CSV. */
export type MessyVariant =
  'windows-1252' | 'utf-8-bom' | 'utf-16le-tab' | 'semicolon-decimal-comma';
export const MESSY_VARIANTS: MessyVariant[] = [
  'windows-1252',
  'utf-8-bom',
  'utf-16le-tab',
  'semicolon-decimal-comma',
];

const CP1252_SPECIALS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Encodes text as Windows-1252 (characters it lacks become '?'). */
export function toWindows1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out[i++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (CP1252_SPECIALS[ch] ?? 0x3f);
  }
  return out.subarray(0, i);
}

/** "1,234.56" → "1.234,56" (amount-looking fields only). */
function decimalComma(field: string): string {
  if (!/^[£$€(-]*[\d,]+\.\d{1,2}[)-]?$/.test(field)) return field;
  const [whole, cents] = field.split('.');
  return `${whole!.replaceAll(',', '.')},${cents}`;
}

/**
 * Rewrites a generated UTF-8 CSV (one record per line) as another kind of export: Windows-1252,
 * UTF-8 with a byte-order mark, UTF-16LE tab-separated ("Unicode text" from Excel), or
 * semicolon-separated with decimal commas (continental Europe).
 */
export async function writeMessyVariant(
  source: string,
  target: string,
  variant: MessyVariant,
): Promise<void> {
  const out = fs.createWriteStream(target);
  const lines = readline.createInterface({
    input: fs.createReadStream(source, 'utf8'),
    crlfDelay: Infinity,
  });
  if (variant === 'utf-8-bom') out.write('\uFEFF');
  if (variant === 'utf-16le-tab') out.write(Buffer.from([0xff, 0xfe]));
  let chunk: string[] = [];
  const flush = async () => {
    const text = chunk.join('');
    chunk = [];
    const bytes =
      variant === 'windows-1252'
        ? toWindows1252(text)
        : variant === 'utf-16le-tab'
          ? Buffer.from(text, 'utf16le')
          : Buffer.from(text, 'utf8');
    if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  for await (const line of lines) {
    if (variant === 'utf-16le-tab')
      chunk.push(csvLine(splitRecords(`${line}\n`, ',', 1)[0] ?? [], '\t'));
    else if (variant === 'semicolon-decimal-comma')
      chunk.push(csvLine((splitRecords(`${line}\n`, ',', 1)[0] ?? []).map(decimalComma), ';'));
    else chunk.push(`${line}\r\n`);
    if (chunk.length >= 20_000) await flush();
  }
  await flush();
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
}
