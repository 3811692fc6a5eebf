import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 = stored, 8 = deflated. */
  method: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const MAX_COMMENT = 0xffff;

/**
 * Lists a ZIP archive's entries from its central directory, without inflating anything: the
 * sizes an XLSX declares are checked against the limits before any part of it is unpacked.
 * Returns undefined when the file is not a readable ZIP archive.
 */
export async function readZipDirectory(filePath: string): Promise<ZipEntry[] | undefined> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + MAX_COMMENT + 20);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return undefined;
    let entryCount = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) {
      const zip64Offset = Number(tail.readBigUInt64LE(eocd - 20 + 8));
      const record = Buffer.alloc(56);
      await handle.read(record, 0, 56, zip64Offset);
      if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return undefined;
      entryCount = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directoryOffset + directorySize > size || directorySize > 64 * 1024 * 1024) {
      return undefined;
    }
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    return parseCentralDirectory(directory, entryCount);
  } finally {
    await handle.close();
  }
}

function parseCentralDirectory(directory: Buffer, entryCount: number): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > directory.length) return undefined;
    if (directory.readUInt32LE(offset) !== CENTRAL_ENTRY_SIGNATURE) return undefined;
    const method = directory.readUInt16LE(offset + 10);
    let compressedSize = directory.readUInt32LE(offset + 20);
    let uncompressedSize = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const localHeaderOffset = directory.readUInt32LE(offset + 42);
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    const extra = directory.subarray(
      offset + 46 + nameLength,
      offset + 46 + nameLength + extraLength,
    );
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) {
      // Zip64: the real sizes are in the extra field 0x0001, uncompressed first.
      const sizes = readZip64Sizes(extra, uncompressedSize === 0xffffffff);
      if (!sizes) return undefined;
      if (uncompressedSize === 0xffffffff) uncompressedSize = sizes.uncompressed;
      if (compressedSize === 0xffffffff && sizes.compressed !== undefined) {
        compressedSize = sizes.compressed;
      }
    }
    entries.push({ name, compressedSize, uncompressedSize, method, localHeaderOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readZip64Sizes(
  extra: Buffer,
  hasUncompressed: boolean,
): { uncompressed: number; compressed?: number } | undefined {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      const values: number[] = [];
      for (let q = p + 4; q + 8 <= p + 4 + length; q += 8) {
        values.push(Number(extra.readBigUInt64LE(q)));
      }
      if (!hasUncompressed) return { uncompressed: 0, compressed: values[0] };
      return { uncompressed: values[0] ?? Number.MAX_SAFE_INTEGER, compressed: values[1] };
    }
    p += 4 + length;
  }
  return undefined;
}

async function entryDataOffset(filePath: string, entry: ZipEntry): Promise<number> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('Bad ZIP local header');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
}

/**
 * Streams one entry, inflated. The limits were checked against the sizes the directory declares,
 * so an entry that inflates to more than it declared is refused instead of trusted: a crafted
 * archive could otherwise declare a few bytes and unpack to gigabytes.
 */
export async function openZipEntryStream(filePath: string, entry: ZipEntry): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8) {
    throw new Error(`Unsupported ZIP compression method ${entry.method}`);
  }
  if (entry.compressedSize === 0) return Readable.from([]);
  const start = await entryDataOffset(filePath, entry);
  const raw = fs.createReadStream(filePath, { start, end: start + entry.compressedSize - 1 });
  let inflated = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        done(
          new Error(
            `${entry.name} unpacks to more than the ${entry.uncompressedSize} bytes it declares`,
          ),
        );
      } else {
        done(null, chunk);
      }
    },
  });
  const source = entry.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  source.on('error', (e: Error) => guard.destroy(e));
  raw.on('error', (e) => guard.destroy(e));
  return source.pipe(guard);
}
