import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { EngineError } from '../engine-error.js';
import { openZipEntryStream, readZipDirectory, type ZipEntry } from './zip-directory.js';

/*
 * The parts of an XLSX package a sheet's text depends on, read with our own ZIP reader and a
 * streaming XML parser. Every tag is matched by its local name, so a workbook written with
 * prefixed tags (`<x:sheet>`, as some .NET writers do) reads like any other, and the parts are
 * found through the workbook's relationships rather than by the order they sit in the archive.
 */

export interface XlsxSheet {
  name: string;
  /** The sheet's part inside the archive, e.g. `xl/worksheets/sheet1.xml`. */
  entry: ZipEntry | undefined;
}

export interface XlsxWorkbook {
  sheets: XlsxSheet[];
  /** Serial dates count from 1904-01-01 instead of 1900 (old Mac workbooks). */
  date1904: boolean;
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
}

export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** The name without its namespace prefix: `x:row` → `row`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name, whatever prefix the writer bound it to (`r:id`, `ns1:id`). */
function prefixedAttribute(attributes: Record<string, string>, local: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) {
    if (key.includes(':') && localName(key) === local) return value;
  }
  return undefined;
}

/**
 * Streams one part through the XML parser. `onChunk` runs after each chunk is parsed, so a
 * caller writing output can wait for its own backpressure there, or answer `false` to read no
 * further.
 */
export async function parseXmlPart(
  filePath: string,
  entry: ZipEntry,
  handlers: XmlHandlers,
  onChunk?: () => Promise<boolean>,
): Promise<void> {
  const parser = new SaxesParser();
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag: SaxesTagPlain) => open(localName(tag.name), tag.attributes));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag: SaxesTagPlain) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  // What the archive or the XML gets wrong is the file's fault (XLSX_INVALID); what the
  // caller's `onChunk` throws (its own output failing) is not, and passes through as it is.
  let callerError: unknown;
  let stream: Readable | undefined;
  try {
    stream = await openZipEntryStream(filePath, entry);
    stream.setEncoding('utf8');
    let complete = true;
    for await (const chunk of stream) {
      parser.write(chunk as string);
      if (onChunk) {
        const more = await onChunk().catch((error: unknown) => {
          callerError = error;
          throw error;
        });
        if (!more) {
          complete = false;
          break;
        }
      }
    }
    if (complete) parser.close();
  } catch (error) {
    if (error === callerError || error instanceof EngineError) throw error;
    throw new EngineError(
      'XLSX_INVALID',
      `The workbook's part ${entry.name} could not be read: ${(error as Error).message}`,
    );
  } finally {
    stream?.destroy();
  }
}

/** Resolves a relationship target against the folder of the part that holds it. */
function resolveTarget(folder: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `${folder}/${target}`.split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The sheets in workbook order, the date system, and where the strings and styles are. */
export async function readXlsxWorkbook(filePath: string): Promise<XlsxWorkbook> {
  const entries = await readZipDirectory(filePath);
  const byName = (name: string) => entries?.find((e) => e.name === name);
  const workbookEntry = byName('xl/workbook.xml');
  if (!entries || !workbookEntry) {
    throw new EngineError('XLSX_INVALID', 'The workbook has no xl/workbook.xml.');
  }

  const declared: { name: string; relationId: string | undefined }[] = [];
  let date1904 = false;
  await parseXmlPart(filePath, workbookEntry, {
    open(name, attributes) {
      if (name === 'sheet' && attributes.name !== undefined) {
        declared.push({ name: attributes.name, relationId: prefixedAttribute(attributes, 'id') });
      } else if (name === 'workbookPr') {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      }
    },
  });

  const targets = new Map<string, string>();
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  const relsEntry = byName('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await parseXmlPart(filePath, relsEntry, {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
        const path = resolveTarget('xl', attributes.Target);
        targets.set(attributes.Id, path);
        if (attributes.Type?.endsWith('/sharedStrings')) sharedStringsPath = path;
        if (attributes.Type?.endsWith('/styles')) stylesPath = path;
      },
    });
  }

  return {
    sheets: declared.map(({ name, relationId }, i) => ({
      name,
      // Without relationships, sheets sit at their conventional paths in workbook order.
      entry: byName((relationId && targets.get(relationId)) ?? `xl/worksheets/sheet${i + 1}.xml`),
    })),
    date1904,
    sharedStrings: byName(sharedStringsPath ?? 'xl/sharedStrings.xml'),
    styles: byName(stylesPath ?? 'xl/styles.xml'),
  };
}

/** OOXML escapes characters XML cannot carry as `_xHHHH_` (a line break is often `_x000D_`). */
export function decodeOoxmlEscapes(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    : text;
}

/** The shared string table. Phonetic runs (`<rPh>`, Japanese readings) are not the text. */
export async function readSharedStrings(
  filePath: string,
  entry: ZipEntry | undefined,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await parseXmlPart(filePath, entry, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si') {
        strings.push(decodeOoxmlEscapes((current ?? []).join('')));
        current = undefined;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

/** Built-in number formats that show a date or time (ECMA-376 §18.8.30, with the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format shows a date when, outside quoted text and [colour/locale] blocks, it has y, m, d, h or s. */
export function isDateFormat(formatCode: string): boolean {
  const bare = formatCode
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[ymdhs]/i.test(bare);
}

/** For each cell style (`s` index), whether its number format shows a date. */
export async function readDateStyles(
  filePath: string,
  entry: ZipEntry | undefined,
): Promise<boolean[]> {
  const dateStyles: boolean[] = [];
  if (!entry) return dateStyles;
  const customFormats = new Map<number, string>();
  let inCellXfs = false;
  await parseXmlPart(filePath, entry, {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.numFmtId !== undefined) {
        customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const custom = customFormats.get(id);
        dateStyles.push(
          custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id),
        );
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dateStyles;
}
