import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import type { FileEncoding } from '@b2b/contract';
import { readHead } from './file-type.js';

const CHUNK = 4 * 1024 * 1024;

/**
 * Tells UTF-8 (with or without byte-order mark), UTF-16 and Windows-1252 apart. A file that is
 * valid UTF-8 throughout is UTF-8; anything else that is text is taken as Windows-1252 (which
 * also covers ISO-8859-1 exports).
 */
export async function detectEncoding(filePath: string): Promise<FileEncoding> {
  const head = await readHead(filePath, 4096);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const pairs = Math.floor(head.length / 2);
  let oddNul = 0;
  let evenNul = 0;
  for (let i = 0; i < pairs * 2; i++) {
    if (head[i] !== 0) continue;
    if (i % 2) oddNul++;
    else evenNul++;
  }
  if (pairs > 0 && oddNul > pairs * 0.4) return 'utf-16le';
  if (pairs > 0 && evenNul > pairs * 0.4) return 'utf-16be';
  return (await isUtf8File(filePath)) ? 'utf-8' : 'windows-1252';
}

/** Streams the file through the UTF-8 validator, carrying split characters across chunks. */
async function isUtf8File(filePath: string): Promise<boolean> {
  let carry = Buffer.alloc(0);
  for await (const piece of fs.createReadStream(filePath, { highWaterMark: CHUNK })) {
    const chunk = carry.length ? Buffer.concat([carry, piece as Buffer]) : (piece as Buffer);
    const cut = completeUtf8Length(chunk);
    if (!isUtf8(chunk.subarray(0, cut))) return false;
    carry = Buffer.from(chunk.subarray(cut));
  }
  return carry.length === 0 || isUtf8(carry);
}

/** Length of the prefix that does not end inside a multi-byte UTF-8 sequence. */
function completeUtf8Length(buffer: Buffer): number {
  const end = buffer.length;
  for (let back = 1; back <= 3 && back <= end; back++) {
    const b = buffer[end - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needed > back ? end - back : end;
  }
  return end;
}

/** Windows-1252 bytes 0x80–0x9F differ from Latin-1; the rest map to the same code point. */
const CP1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0xfffd, 0x017d, 0xfffd, 0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
];
const CP1252_UTF8: Buffer[] = Array.from({ length: 256 }, (_, b) =>
  Buffer.from(String.fromCodePoint(b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b), 'utf8'),
);

/** Converts one Windows-1252 chunk to UTF-8 with a byte table (much faster than TextDecoder). */
export function windows1252ToUtf8(input: Buffer): Buffer {
  let extra = 0;
  for (let i = 0; i < input.length; i++) if (input[i]! >= 0x80) extra += 2;
  if (extra === 0) return input;
  const out = Buffer.allocUnsafe(input.length + extra);
  let o = 0;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b < 0x80) out[o++] = b;
    else {
      const seq = CP1252_UTF8[b]!;
      for (let k = 0; k < seq.length; k++) out[o++] = seq[k]!;
    }
  }
  return out.subarray(0, o);
}

/**
 * Writes a UTF-8 copy (no byte-order mark) of a text file. `maxBytes` stops early at a line end,
 * which is how the preview avoids converting a whole large file.
 */
export async function transcodeToUtf8(
  source: string,
  encoding: FileEncoding,
  target: string,
  options: { maxBytes?: number } = {},
): Promise<void> {
  const out = fs.createWriteStream(target);
  const decoder =
    encoding === 'utf-16le' || encoding === 'utf-16be' ? new TextDecoder(encoding) : undefined;
  let read = 0;
  let first = true;
  try {
    for await (const piece of fs.createReadStream(source, { highWaterMark: CHUNK })) {
      let chunk = piece as Buffer;
      let last = false;
      if (options.maxBytes !== undefined && read + chunk.length >= options.maxBytes) {
        chunk = chunk.subarray(0, options.maxBytes - read);
        last = true;
      }
      read += chunk.length;
      let text: Buffer;
      if (decoder) text = Buffer.from(decoder.decode(chunk, { stream: !last }), 'utf8');
      else if (encoding === 'windows-1252') text = windows1252ToUtf8(chunk);
      else text = chunk;
      if (first) {
        text = stripBom(text);
        first = false;
      }
      if (last) text = text.subarray(0, text.lastIndexOf(0x0a) + 1);
      if (!out.write(text))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      if (last) break;
    }
    if (decoder && options.maxBytes === undefined) out.write(Buffer.from(decoder.decode(), 'utf8'));
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
}

function stripBom(text: Buffer): Buffer {
  return text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? text.subarray(3) : text;
}

/** Decodes a head sample for sniffing; a split final character is dropped. */
export function decodeSample(sample: Buffer, encoding: FileEncoding): string {
  if (encoding === 'windows-1252') return windows1252ToUtf8(sample).toString('utf8');
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    return new TextDecoder(encoding).decode(sample, { stream: true }).replace(/^\uFEFF/, '');
  }
  const text = sample.subarray(0, completeUtf8Length(sample)).toString('utf8');
  return text.replace(/^\uFEFF/, '');
}
