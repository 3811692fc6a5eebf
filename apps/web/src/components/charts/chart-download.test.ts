import { describe, expect, it } from 'vitest';
import { barsToCsv, csvCell } from './chart-download';

describe('chart CSV', () => {
  it('defuses cells a spreadsheet would run as formulas and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(
      `"'=HYPERLINK(""http://evil.example"")"`,
    );
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-Cheque')).toBe("'-Cheque");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    // Numbers are data, negative ones included.
    expect(csvCell(-1250.5)).toBe('-1250.5');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and one line per bar', () => {
    const csv = barsToCsv('Spend', [
      {
        key: 'GBR',
        label: 'GBR',
        value: 10,
        suppliers: 2,
        spend: 10,
        pos: 0,
        invoices: 1,
        payments: 3,
        documents: 4,
        avgTermsDays: null,
        avgDaysToPay: null,
      },
    ]);
    expect(csv).toBe(
      'Bar,Spend (chart value),Suppliers,Spend,POs,Invoices,Payments\r\nGBR,10,2,10,0,1,3\r\n',
    );
  });
});
