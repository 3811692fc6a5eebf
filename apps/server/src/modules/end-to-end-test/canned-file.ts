/**
 * The buyer file the end-to-end test uploads: small, so the run takes seconds, but with what
 * real exports carry (a byte-order mark, upper case, a truncated name, a public body, a blank
 * postcode, a duplicate, amounts with thousands separators and a currency sign), so every
 * pipeline step has real work to do.
 */
export const CANNED_FILE_NAME = 'end-to-end-test-suppliers.csv';

const ROWS = [
  [
    'V000001',
    'Acme Office Supplies Ltd',
    '12 High Street',
    'London',
    'EC1A 1BB',
    'GB',
    '£12,450.00',
    'BACS',
    'Net 30',
  ],
  [
    'V000002',
    'NORTHERN FREIGHT SERVICES LIMITED',
    '4 Dock Road',
    'Hull',
    'HU1 2AB',
    'GB',
    '£88,120.50',
    'Cheque',
    'Net 60',
  ],
  [
    'V000003',
    'Kent County Council',
    'Sessions House',
    'Maidstone',
    'ME14 1XQ',
    'GB',
    '£3,200.00',
    'BACS',
    'Net 30',
  ],
  [
    'V000004',
    'Brightline Facilities Manageme',
    '77 Canal Way',
    'Manchester',
    '',
    'GB',
    '£45,000.00',
    'Wire',
    'Net 45',
  ],
  [
    'V000005',
    'Acme Office Supplies Ltd',
    '12 High Street',
    'London',
    'EC1A 1BB',
    'GB',
    '£1,050.00',
    'BACS',
    'Net 30',
  ],
  [
    'V000006',
    'Harbour Print & Design',
    '3 Quay Lane',
    'Bristol',
    'BS1 4DJ',
    'GB',
    '£6,780.25',
    'Card',
    'Net 14',
  ],
  [
    'V000007',
    'Summit IT Solutions Ltd',
    '200 Tech Park',
    'Reading',
    'RG2 6UB',
    'GB',
    '£132,400.00',
    'BACS',
    'Net 30',
  ],
  [
    'V000008',
    'greenleaf catering',
    '9 Market Square',
    'Leeds',
    'LS1 6DT',
    'GB',
    '£9,999.99',
    'Cheque',
    'Net 30',
  ],
  [
    'V000009',
    'Castle Security Group',
    'Unit 5 Riverside',
    'Cardiff',
    'CF10 5AL',
    'GB',
    '£27,300.00',
    'BACS',
    'Net 60',
  ],
  [
    'V000010',
    'Orbit Travel Management',
    '1 Station Approach',
    'Birmingham',
    'B2 4QA',
    'GB',
    '£54,870.00',
    'Wire',
    'Net 30',
  ],
];

export function cannedFileText(): string {
  const header = [
    'Vendor ID',
    'Supplier Name',
    'Address',
    'City',
    'Post Code',
    'Country',
    'Annual Spend',
    'Payment Method',
    'Payment Terms',
  ];
  const quote = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${[header, ...ROWS].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}
