import type { NetworkAnswerImport, SupplierResult, SupplierResultDetail } from '@b2b/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/chat-files.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { queryRows } from '../../db/transaction.js';
import { users } from '../users/user.schema.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('network-files');

let admin: string;
let jobId: string;
let unknownWidgets: SupplierResult;
let lowConfidence: SupplierResult;

const answers = (csv: string, cookie = admin, network = 'visa') =>
  t.request({
    method: 'POST',
    url: `${base}/${jobId}/network-files/${network}/answers`,
    cookie,
    ...multipart([{ filename: 'answers.csv', content: csv }], 'file'),
  });
const supplier = async (key: string) =>
  (
    await t.request({ url: `${base}/${jobId}/suppliers/${key}`, cookie: admin })
  ).json<SupplierResultDetail>();

beforeAll(async () => {
  ({ admin } = signedIn());
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', {
    cookie: admin,
    merchants: signedIn().merchants,
    issuerName: 'Mastercard Issuing',
  }));
  const all = (
    await t.request({
      method: 'POST',
      url: `${base}/${jobId}/suppliers`,
      cookie: admin,
      payload: { pageSize: 500 },
    })
  ).json<{ collection: SupplierResult[] }>().collection;
  unknownWidgets = all.find((s) => s.supplierName === 'Totally Unknown Widgets Ltd')!;
  // The generated data matches every other supplier with High or Medium confidence: one
  // matched supplier is made a Low-confidence match, which the vendor file must include.
  const medium = all.find((s) => s.confidence === 'Medium' && s.candidateMerchantId)!;
  await t.database.db.execute(
    sql`update job_supplier_results set confidence = 'Low'
        where job_id = ${jobId} and supplier_key = ${medium.supplierKey}`,
  );
  lowConfidence = { ...medium, confidence: 'Low' };
}, 180_000);

describe('network vendor files', () => {
  it('exports the unmatched and low-confidence suppliers in Visa’s layout', async () => {
    const res = await t.request({ url: `${base}/${jobId}/network-files/visa`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="test-base-visa-supplier-matching-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Supplier Name,Address Line 1,City,State/Province,Postal Code,Country Code,Tax ID,Annual Spend,Currency,Transaction Count,Client Reference',
    );
    const sent = (s: SupplierResult) =>
      [
        s.supplierName,
        '',
        s.city ?? '',
        '',
        s.postcode ?? '',
        s.country ?? '',
        '',
        String(s.annualSpend ?? s.spend),
        'GBP',
        s.paymentCount === null ? '' : String(s.paymentCount),
        s.supplierKey,
      ].join(',');
    expect(lines.slice(1).sort()).toEqual([sent(unknownWidgets), sent(lowConfidence)].sort());
  });

  it('exports Mastercard’s layout with the reference first', async () => {
    const res = await t.request({
      url: `${base}/${jobId}/network-files/mastercard`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Customer Vendor ID,Vendor Name,Street Address,City,State/Province/Region,Postal Code,Country,Vendor Tax ID,Total Spend,Spend Currency',
    );
    expect(rows.map((r) => r.split(',')[0]).sort()).toEqual(
      [unknownWidgets.supplierKey, lowConfidence.supplierKey].sort(),
    );
  });

  it('escapes a name a spreadsheet would run as a formula, in both layouts', async () => {
    // OWASP CSV injection: the file is opened in Excel before it goes to the network.
    const setName = (name: string) =>
      t.database.db.execute(
        sql`update job_supplier_results set supplier_name = ${name}
            where job_id = ${jobId} and supplier_key = ${unknownWidgets.supplierKey}`,
      );
    await setName('=HYPERLINK("http://evil.example","Pay here")');
    try {
      for (const network of ['visa', 'mastercard']) {
        const res = await t.request({
          url: `${base}/${jobId}/network-files/${network}`,
          cookie: admin,
        });
        expect(res.statusCode).toBe(200);
        const row = res.body.split('\r\n').find((l) => l.includes(unknownWidgets.supplierKey));
        expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Pay here"")"`);
      }
    } finally {
      await setName(unknownWidgets.supplierName);
    }
  });

  it('applies nothing when every answer row is bad, listing each reject', async () => {
    const res = await answers(
      [
        'Client Reference,Match Status,Accepts Card,MCC',
        'no-such-supplier,Matched,Y,5411',
        `${lowConfidence.supplierKey},Perhaps,Y,5411`,
        `${unknownWidgets.supplierKey},Not Found,Y,54`,
        `${unknownWidgets.supplierKey},Matched,Y,5411`,
      ].join('\r\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NetworkAnswerImport>()).toEqual({
      rows: 4,
      matched: 0,
      notFound: 0,
      rejects: [
        {
          row: 2,
          supplierKey: 'no-such-supplier',
          field: 'Client Reference',
          message: 'Unknown supplier in this job: no-such-supplier',
        },
        {
          row: 3,
          supplierKey: lowConfidence.supplierKey,
          field: 'Match Status',
          message: 'Unknown match status "Perhaps": use Matched or Not Found',
        },
        {
          row: 4,
          supplierKey: unknownWidgets.supplierKey,
          field: 'MCC',
          message: 'An MCC has four digits: 54',
        },
        {
          row: 5,
          supplierKey: unknownWidgets.supplierKey,
          field: 'Match Status',
          message: `The network matched ${unknownWidgets.supplierKey}, but this job’s reference data has no candidate merchant for it to confirm`,
        },
      ],
    });
    expect((await supplier(lowConfidence.supplierKey)).override).toBeNull();
    expect((await supplier(unknownWidgets.supplierKey)).override).toBeNull();
  });

  it('imports the answer file as match decisions, keeping acceptance and MCC', async () => {
    const res = await answers(
      [
        'Client Reference,Match Status,Visa Merchant ID,Accepts Card,MCC',
        `${lowConfidence.supplierKey},Matched,VM-77,Y,0742`,
        `${unknownWidgets.supplierKey},Not Found,,,`,
        `${lowConfidence.supplierKey},Matched,VM-77,Y,0742`,
      ].join('\r\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NetworkAnswerImport>()).toEqual({
      rows: 3,
      matched: 1,
      notFound: 1,
      rejects: [
        {
          row: 4,
          supplierKey: lowConfidence.supplierKey,
          field: 'Client Reference',
          message: `Supplier ${lowConfidence.supplierKey} is answered twice in this file`,
        },
      ],
    });
    const confirmed = await supplier(lowConfidence.supplierKey);
    expect(confirmed.override).toMatchObject({
      decision: 'merchant',
      merchantId: lowConfidence.candidateMerchantId,
      byUsername: 'sysadmin@example.com',
    });
    expect(confirmed).toMatchObject({ matchStatus: 'MATCHED', confidence: 'High' });
    const rejected = await supplier(unknownWidgets.supplierKey);
    expect(rejected.override).toMatchObject({ decision: 'rejected' });
    const stored = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select supplier_key, network, status, network_merchant_id, accepts_card, mcc
          from network_answers where job_id = ${jobId} order by status`,
    );
    expect(stored).toEqual([
      {
        supplier_key: lowConfidence.supplierKey,
        network: 'visa',
        status: 'matched',
        network_merchant_id: 'VM-77',
        accepts_card: true,
        mcc: '0742',
      },
      {
        supplier_key: unknownWidgets.supplierKey,
        network: 'visa',
        status: 'not-found',
        network_merchant_id: null,
        accepts_card: null,
        mcc: null,
      },
    ]);
  });

  it('refuses a file without the reference column (400), other roles (403) and issuers (404)', async () => {
    const res = await answers('Match Status\r\nMatched');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Client Reference');
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect(
      (await t.request({ url: `${base}/${jobId}/network-files/visa`, cookie: mdo })).statusCode,
    ).toBe(403);
    // An issuer member holds the tab but not the network integration (ptcoJobManager and up do).
    const issuerMember = await t.signIn('campaignmanager@example.com');
    expect(
      (await t.request({ url: `${base}/${jobId}/network-files/visa`, cookie: issuerMember }))
        .statusCode,
    ).toBe(403);
    // Given the integration, a member of another issuer still finds no such job.
    await t.database.db
      .update(users)
      .set({ explicitPermissions: ['CardNetworkSms_Integration'] })
      .where(eq(users.username, 'campaignmanager@example.com'));
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    expect(
      (await t.request({ url: `${base}/${jobId}/network-files/visa`, cookie: otherIssuer }))
        .statusCode,
    ).toBe(404);
    expect((await answers('Client Reference,Match Status', otherIssuer)).statusCode).toBe(404);
    const network = await t.request({ url: `${base}/${jobId}/network-files/amex`, cookie: admin });
    expect(network.statusCode).toBe(400);
  });
});
