import { describe, expect, it } from 'vitest';
import {
  missingRequiredFields,
  suggestColumnMapping,
  validateColumnMapping,
} from './column-mapping.js';

describe('suggestColumnMapping', () => {
  it('maps a Summary Upload file', () => {
    const headers = [
      'Vendor ID',
      'Vendor Name',
      'Address Line 1',
      'Town',
      'Post Code',
      'Country',
      'VAT Number',
      'Annual Spend (GBP)',
      'Currency',
      'No. of Invoices',
      'Payment Method',
      'Terms',
      'Notes',
    ];
    const result = suggestColumnMapping(headers, 'base');
    expect(result.mapping).toEqual({
      supplierId: 0,
      supplierName: 1,
      addressLine1: 2,
      city: 3,
      postcode: 4,
      country: 5,
      taxId: 6,
      annualSpend: 7,
      currency: 8,
      invoiceCount: 9,
      paymentMethod: 10,
      paymentTerms: 11,
    });
    expect(result.unmappedHeaders).toEqual(['Notes']);
    expect(result.missingRequired).toEqual([]);
  });

  it('maps dates by document type in a Consultant Upload', () => {
    const headers = ['Supplier', 'Payment Date', 'Invoice Date', 'Payment Amount', 'Pay Method'];
    const payments = suggestColumnMapping(headers, 'advanced', 'Payment').mapping;
    expect(payments).toMatchObject({
      supplierName: 0,
      documentDate: 1,
      invoiceDate: 2,
      amount: 3,
      paymentMethod: 4,
    });
    const invoices = suggestColumnMapping(
      ['Supplier', 'Invoice Date', 'Payment Date', 'Invoice Amount'],
      'advanced',
      'Invoice',
    ).mapping;
    expect(invoices).toMatchObject({ documentDate: 1, paidDate: 2, amount: 3 });
  });

  it('lists what is missing and refuses bad mappings', () => {
    expect(missingRequiredFields({ supplierName: 0 }, 'base')).toEqual(['annualSpend']);
    expect(missingRequiredFields({ supplierName: 0 }, 'matched-data-only')).toEqual([]);
    expect(missingRequiredFields({ amount: 0, documentDate: 1 }, 'advanced', 'Payment')).toEqual([
      'supplierId',
    ]);
    expect(() =>
      validateColumnMapping({ supplierName: 5, annualSpend: 0 }, ['a', 'b'], 'base'),
    ).toThrow(/points at no column/);
    expect(() =>
      validateColumnMapping(
        { supplierName: 0, annualSpend: 1, documentDate: 1 },
        ['a', 'b'],
        'base',
      ),
    ).toThrow(/not used/);
  });
});
