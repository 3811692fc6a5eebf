import { describe, expect, it } from 'vitest';
import { AddressFileError, readAddressFile, readAddressRows } from './address-file.js';
import { validateAddress } from './validate-address.js';

const codes = (address: string, country?: string) =>
  validateAddress(address, country).problems.map((p) => `${p.severity}:${p.code}`);

describe('validateAddress', () => {
  it('passes a complete address of each country with no problem', () => {
    for (const address of [
      '10 Downing Street, London, SW1A 2AA',
      '1600 Pennsylvania Ave NW, Washington, DC 20500',
      'Hauptstraße 5, 10115 Berlin, Germany',
      '12 rue de la Paix, 75002 Paris, France',
      '22 Mary Street, Dublin 1, D01 F5P2',
      'Kerkstraat 12, 1017 GC Amsterdam',
    ])
      expect(validateAddress(address)).toMatchObject({ valid: true, problems: [] });
  });

  it('refuses blanks, placeholders and addresses too short to deliver to', () => {
    expect(validateAddress('   ')).toMatchObject({
      valid: false,
      problems: [{ field: 'address', code: 'blank', message: 'The address is blank.' }],
    });
    expect(validateAddress('n/a').problems[0]!.message).toBe(
      '"n/a" is a placeholder, not an address.',
    );
    expect(codes('Unknown')).toEqual(['error:placeholder']);
    expect(codes('Leeds')[0]).toBe('error:too-short');
  });

  it('flags a PO box as a warning: valid, but not where the business is', () => {
    const result = validateAddress('PO Box 123, Bristol, BS1 4DJ');
    expect(result.valid).toBe(true);
    expect(result.problems).toEqual([
      {
        field: 'street',
        code: 'po-box',
        severity: 'warning',
        message: 'A PO box is a mail drop, not the place where the business is.',
      },
    ]);
  });

  it('checks the postcode against the country given', () => {
    expect(validateAddress('Hauptstraße 5, 1011 Berlin', 'DE').problems).toEqual([
      {
        field: 'postcode',
        code: 'invalid-postcode',
        severity: 'error',
        message: '"1011" is not a valid German postcode (five digits, 10115).',
      },
      // Without a postcode the town cannot be told from the rest.
      {
        field: 'city',
        code: 'missing-city',
        severity: 'warning',
        message: 'No town or city found.',
      },
    ]);
    expect(codes('12 High Street, Leeds', 'GB')).toEqual(['error:missing-postcode']);
    // Many Irish addresses have no Eircode yet: only a warning.
    expect(codes('Main Street, Ballyvaughan, Co. Clare', 'IE')).toEqual([
      'warning:missing-postcode',
    ]);
  });

  it('knows the UK postcode areas', () => {
    expect(validateAddress('12 High Street, Leeds, QQ6 3AB', 'GB').problems).toEqual([
      {
        field: 'postcode',
        code: 'unknown-postcode-area',
        severity: 'error',
        message: '"QQ6 3AB": QQ is not a UK postcode area.',
      },
    ]);
  });

  it('checks country codes: ISO alpha-2 or alpha-3, "UK" a warning, others an error', () => {
    expect(codes('Calle Mayor 5, 28013 Madrid', 'ES')).toEqual([]);
    expect(codes('Calle Mayor 5, 28013 Madrid', 'ESP')).toEqual([]);
    expect(codes('12 High Street, Leeds, LS6 3AB', 'UK')).toEqual(['warning:country-not-iso']);
    expect(validateAddress('12 High Street, Leeds, LS6 3AB', 'XX').problems[0]).toEqual({
      field: 'country',
      code: 'unknown-country',
      severity: 'error',
      message:
        'Country "XX" is not an ISO 3166 country code (two letters such as GB, or three such as GBR).',
    });
    expect(codes('Hauptstraße 5, 10115 Berlin, Germany', 'FR')).toContain('error:country-mismatch');
  });
});

describe('readAddressFile', () => {
  const file = (text: string) => Buffer.from(text, 'utf8');

  it('reads one address per line, skipping blank lines', () => {
    expect(
      readAddressFile(file('12 High St, Leeds\n\r\n  Kerkstraat 1, 1017 GC Amsterdam \n')),
    ).toEqual({
      column: null,
      rows: [
        { line: 1, address: '12 High St, Leeds' },
        { line: 3, address: 'Kerkstraat 1, 1017 GC Amsterdam' },
      ],
    });
  });

  it('reads the chosen column of a CSV, with quoted commas and a semicolon delimiter', () => {
    const csv = '\uFEFFid;Address;Land\r\n1;"12 High St; Leeds";GB\r\n2;"Say ""hi"", Paris";FR\r\n';
    expect(readAddressFile(file(csv), { column: 'address', countryColumn: 'LAND' })).toEqual({
      column: 'Address',
      rows: [
        { line: 2, address: '12 High St; Leeds', country: 'GB' },
        { line: 3, address: 'Say "hi", Paris', country: 'FR' },
      ],
    });
  });

  it.each([
    ['an empty file', '', {}, 'file', 'file: the file is empty'],
    ['blank lines only', '\n \n', {}, 'file', 'file: the file is empty'],
    [
      'a binary file',
      'PK\u0003\u0004\u0000\u0000',
      {},
      'file',
      'file: this is a binary file; send a CSV or a text file with one address per line',
    ],
    [
      'a missing column',
      'id,street\n1,x\n',
      { column: 'address' },
      'column',
      'column: the file has no column "address"; its columns are "id", "street"',
    ],
    [
      'a header without rows',
      'id,address\n',
      { column: 'address' },
      'file',
      'file: the file has a header row but no addresses',
    ],
  ])('refuses %s naming the field', (_, text, options, field, message) => {
    const error = (() => {
      try {
        readAddressFile(file(text), options);
      } catch (e) {
        return e as AddressFileError;
      }
    })();
    expect(error).toBeInstanceOf(AddressFileError);
    expect(error!.message).toBe(message);
    expect(error!.field).toBe(field);
  });

  it('reads more than 10,000 addresses (the tools then process the file in the background)', () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => `${i} High St`).join('\n');
    expect(readAddressFile(file(lines)).rows).toHaveLength(10_001);
  });

  it('streams a CSV cut at any byte into the same rows as reading it whole', async () => {
    const csv =
      '\uFEFFid;Address;Land\r\n1;"12 High St; Leeds";GB\r\n\r\n2;"Say ""hi"",\r\nParis";FR\r\n3;Straße 1;DE';
    const whole = readAddressFile(file(csv), { column: 'address', countryColumn: 'land' });
    const bytes = file(csv);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      const rows = [];
      for await (const batch of readAddressRows(chunks, {
        column: 'address',
        countryColumn: 'land',
      }))
        rows.push(...batch.rows);
      expect(rows, `chunks of ${size}`).toEqual(whole.rows);
    }
    expect(whole.rows.map((r) => r.line)).toEqual([2, 4, 5]);
  });

  it('streams lines cut between CR and LF into the same rows as reading them whole', async () => {
    const text = 'a\r\n\r\nb\rc\n';
    const whole = readAddressFile(file(text)).rows;
    const rows = [];
    for await (const batch of readAddressRows([file('a\r'), file('\n\r'), file('\nb\rc\n')]))
      rows.push(...batch.rows);
    expect(rows).toEqual(whole);
    expect(whole).toEqual([
      { line: 1, address: 'a' },
      { line: 3, address: 'b' },
      { line: 4, address: 'c' },
    ]);
  });

  it('refuses a stream that is not UTF-8 with the same message', async () => {
    const read = async () => {
      for await (const _ of readAddressRows([Buffer.from([0x61, 0xff, 0x0a])]));
    };
    await expect(read()).rejects.toThrow('file: the file is not UTF-8 text; save it as CSV UTF-8');
  });
});
