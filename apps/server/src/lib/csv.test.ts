import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlfRecords, csvCell } from './csv.js';

/** The chunks through crlfRecords, with the record counts it reported. */
async function throughCrlf(chunks: string[]) {
  const counts: number[] = [];
  const out = await text(
    Readable.from(chunks.map((c) => Buffer.from(c))).pipe(
      crlfRecords((n) => {
        counts.push(n);
      }),
    ),
  );
  return { out, counts };
}

describe('csvCell', () => {
  it('prefixes formula-like text and quotes what CSV must quote', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(null)).toBe('');
  });
});

describe('crlfRecords', () => {
  it('ends records with CRLF and leaves a line break inside quotes alone', async () => {
    const { out, counts } = await throughCrlf(['a,"x\ny",1\nb,"say ""hi""",2\n']);
    expect(out).toBe('a,"x\ny",1\r\nb,"say ""hi""",2\r\n');
    expect(counts).toEqual([2]);
  });

  it('keeps track of quotes across chunk boundaries', async () => {
    // The quoted field opens in one chunk and closes two chunks later, its line break between.
    const { out, counts } = await throughCrlf(['1,"open', '\nstill ""in""', '",end\n2,', 'x\n']);
    expect(out).toBe('1,"open\nstill ""in""",end\r\n2,x\r\n');
    expect(counts).toEqual([1, 1]);
  });

  it('finds each record end after rows of several quoted fields', async () => {
    // The line feed found before a row's quotes is reused, not searched for again after each.
    const { out, counts } = await throughCrlf(['"a","b",c,"d"\n"x\ny",2\n3,"",""\n']);
    expect(out).toBe('"a","b",c,"d"\r\n"x\ny",2\r\n3,"",""\r\n');
    expect(counts).toEqual([3]);
  });

  it('passes a chunk without a record end through unchanged, reporting nothing', async () => {
    const { out, counts } = await throughCrlf(['no end here', '']);
    expect(out).toBe('no end here');
    expect(counts).toEqual([]);
  });
});
