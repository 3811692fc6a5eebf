import { describe, expect, it } from 'vitest';
import { CsvRecordReader, CsvShapeError, sniffDelimiter } from './csv-records.js';

const TRICKY =
  '\uFEFFName,Note,Amount\r\n' +
  '"Müller, GmbH","said ""hi""\r\nthen left",12.50\n' +
  'Plain,with "inner" quote,\r' +
  ',,\r\n' +
  '"",last';

const EXPECTED = [
  ['Name', 'Note', 'Amount'],
  ['Müller, GmbH', 'said "hi"\r\nthen left', '12.50'],
  ['Plain', 'with "inner" quote', ''],
  ['', '', ''],
  ['', 'last'],
];

function readAll(chunks: Buffer[], delimiter = ','): string[][] {
  const reader = new CsvRecordReader(delimiter);
  return [...chunks.flatMap((c) => reader.push(c)), ...reader.end()];
}

describe('CsvRecordReader', () => {
  it('reads quoted delimiters, doubled quotes, line breaks in quotes and every line end', () => {
    expect(readAll([Buffer.from(TRICKY)])).toEqual(EXPECTED);
  });

  it('reads the same records wherever the chunks are cut, even inside a UTF-8 character', () => {
    const bytes = Buffer.from(TRICKY);
    for (let cut = 1; cut < bytes.length; cut++) {
      const records = readAll([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(records, `cut at byte ${cut}`).toEqual(EXPECTED);
    }
    const oneByOne = [...bytes].map((b) => Buffer.from([b]));
    expect(readAll(oneByOne)).toEqual(EXPECTED);
  });

  it('says so when a quoted field is not closed before the end', () => {
    const reader = new CsvRecordReader();
    reader.push(Buffer.from('a,"open\r\n'));
    expect(() => reader.end()).toThrow(CsvShapeError);
  });

  it('reads another delimiter', () => {
    expect(readAll([Buffer.from('a;"b;c"\n1;2\n')], ';')).toEqual([
      ['a', 'b;c'],
      ['1', '2'],
    ]);
  });
});

describe('sniffDelimiter', () => {
  it('takes the most frequent of comma, semicolon and tab, comma on a tie', () => {
    expect(sniffDelimiter('a;b;c,d')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('single')).toBe(',');
  });
});
