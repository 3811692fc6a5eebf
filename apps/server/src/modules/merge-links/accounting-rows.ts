import type { ColumnMapping } from '@b2b/contract';
import { csvCell } from '../../lib/csv.js';
import type { MergeContact, MergeInvoice, MergePayment } from './merge-client.js';

/**
 * A linked account's data as the two document files of a Consultant Upload job (DOMAIN.md "The
 * data a job takes"): one Invoice row per accounts-payable invoice, one Payment row per payment,
 * each with its vendor's id, name and address from the contacts. The files then go through the
 * same ingestion as an uploaded CSV; the mapping below is fixed because the columns are ours.
 */
const HEADERS = [
  'Supplier Id',
  'Supplier Name',
  'Document Number',
  'Document Date',
  'Amount',
  'Currency',
  'Due Date',
  'Paid Date',
  'Address Line 1',
  'City',
  'Postcode',
  'Country',
  'Tax Id',
] as const;

export const ACCOUNTING_FILE_MAPPING: ColumnMapping = {
  supplierId: 0,
  supplierName: 1,
  documentNumber: 2,
  documentDate: 3,
  amount: 4,
  currency: 5,
  dueDate: 6,
  paidDate: 7,
  addressLine1: 8,
  city: 9,
  postcode: 10,
  country: 11,
  taxId: 12,
};

/** An ISO date-time or date as YYYY-MM-DD (ingestion reads ISO dates in any date order). */
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

function line(cells: (string | number | null | undefined)[]): string {
  return `${cells.map((c) => (typeof c === 'number' ? String(c) : csvCell(c ?? ''))).join(',')}\r\n`;
}

function vendorCells(vendor: MergeContact | undefined, contactId: string | null | undefined) {
  const address =
    vendor?.addresses?.find((a) => a.type === 'BILLING') ?? vendor?.addresses?.[0] ?? undefined;
  return {
    id: vendor?.remote_id ?? vendor?.id ?? contactId ?? '',
    name: vendor?.name ?? '',
    street: address?.street_1 ?? '',
    city: address?.city ?? '',
    zip: address?.zip_code ?? '',
    country: address?.country ?? '',
    tax: vendor?.tax_number ?? '',
  };
}

export type AccountingFiles = {
  invoices: { text: string; rows: number };
  payments: { text: string; rows: number };
  vendors: number;
};

/**
 * The Invoice and Payment CSV texts. Rows of a contact that is not a vendor (a customer's
 * receivable) are left out; so is a row without a date or an amount, which ingestion would reject.
 */
export function accountingFiles(
  vendors: MergeContact[],
  invoices: MergeInvoice[],
  payments: MergePayment[],
  fallbackCurrency: string,
): AccountingFiles {
  const byId = new Map(vendors.map((v) => [v.id, v]));
  const header = line([...HEADERS]);
  const invoiceLines: string[] = [];
  for (const invoice of invoices) {
    if (invoice.type && invoice.type !== 'ACCOUNTS_PAYABLE') continue;
    if (!invoice.contact || !byId.has(invoice.contact)) continue;
    if (!invoice.issue_date || invoice.total_amount == null) continue;
    const v = vendorCells(byId.get(invoice.contact), invoice.contact);
    invoiceLines.push(
      line([
        v.id,
        v.name,
        invoice.number ?? invoice.id,
        day(invoice.issue_date),
        invoice.total_amount,
        invoice.currency ?? fallbackCurrency,
        day(invoice.due_date),
        day(invoice.paid_on_date),
        v.street,
        v.city,
        v.zip,
        v.country,
        v.tax,
      ]),
    );
  }
  const paymentLines: string[] = [];
  for (const payment of payments) {
    if (payment.type && payment.type !== 'ACCOUNTS_PAYABLE') continue;
    if (!payment.contact || !byId.has(payment.contact)) continue;
    if (!payment.transaction_date || payment.total_amount == null) continue;
    const v = vendorCells(byId.get(payment.contact), payment.contact);
    paymentLines.push(
      line([
        v.id,
        v.name,
        payment.id,
        day(payment.transaction_date),
        payment.total_amount,
        payment.currency ?? fallbackCurrency,
        '',
        day(payment.transaction_date),
        v.street,
        v.city,
        v.zip,
        v.country,
        v.tax,
      ]),
    );
  }
  return {
    invoices: { text: header + invoiceLines.join(''), rows: invoiceLines.length },
    payments: { text: header + paymentLines.join(''), rows: paymentLines.length },
    vendors: vendors.length,
  };
}
