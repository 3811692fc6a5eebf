import type { DocumentType, JobType } from '@b2b/contract';

export type DemoJob = {
  key: string;
  type: JobType;
  issuerKey: string;
  buyerName: string;
  name: string;
  currency: string;
  suppliers: number;
  /** Consultant Upload: documents per file role. */
  documents?: Partial<Record<DocumentType, number>>;
  /**
   * Published when its pipeline completes, as the job team would, so the demo's issuer end
   * users (plain Members, SPEC §3) see its results; an unpublished one shows the difference.
   */
  publish: boolean;
};

/**
 * Amounts are written with the job's currency sign, as a buyer's export shows them: a '£' amount
 * in a dollar job is another currency to the ingestion, and is not added to the job's spend.
 */
export const CURRENCY_SIGNS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

/** Small, so a first start finishes them within a minute or so on a laptop. */
export const DEMO_JOBS: DemoJob[] = [
  {
    key: 'demo-summary-acme',
    type: 'base',
    issuerKey: 'paytech-bank',
    buyerName: 'Acme Manufacturing Ltd',
    name: 'Acme Manufacturing — supplier summary 2025',
    currency: 'GBP',
    suppliers: 3000,
    publish: true,
  },
  {
    key: 'demo-consultant-northwind',
    type: 'advanced',
    issuerKey: 'paytech-bank',
    buyerName: 'Northwind Foods plc',
    name: 'Northwind Foods — AP invoices and payments H1 2025',
    currency: 'GBP',
    suppliers: 2000,
    documents: { Invoice: 15_000, Payment: 20_000 },
    publish: true,
  },
  {
    key: 'demo-mdo-acme',
    type: 'matched-data-only',
    issuerKey: 'paytech-bank',
    buyerName: 'Acme Manufacturing Ltd',
    name: 'Acme Manufacturing — supplier match only',
    currency: 'GBP',
    suppliers: 1500,
    publish: false,
  },
  {
    key: 'demo-summary-contoso',
    type: 'base',
    issuerKey: 'mastercard-issuing',
    buyerName: 'Contoso Logistics Inc',
    name: 'Contoso Logistics — vendor master 2025',
    currency: 'USD',
    suppliers: 2500,
    publish: true,
  },
];

/** A demo job the seed publishes once it completes (its demo key says which). */
export function publishedOnCompletion(job: { demoKey: string | null }): boolean {
  return DEMO_JOBS.some((d) => d.key === job.demoKey && d.publish);
}
