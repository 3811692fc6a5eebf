import { expect, type APIRequestContext } from '@playwright/test';
import { CSRF } from './api';

type WizardIssuer = { id: string; name: string; buyers: { id: string }[] };

/**
 * A Draft Summary Upload job made through the API (as the wizard's setup step makes it), for a
 * journey that starts at the upload step: of the first issuer whose name starts with
 * `issuerName` (else the first with a buyer), for its first buyer. Answers the job's id.
 */
export async function createDraftJob(
  request: APIRequestContext,
  name: string,
  issuerName?: string,
): Promise<string> {
  const issuers = (await (
    await request.get('/api/v1/job-artifacts/wizard/issuers')
  ).json()) as WizardIssuer[];
  const issuer =
    issuers.find((i) => issuerName && i.name.startsWith(issuerName) && i.buyers.length > 0) ??
    issuers.find((i) => i.buyers.length > 0)!;
  const created = await request.post(
    `/api/v1/job-artifacts?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(name)}&currency=gbp`,
    { headers: CSRF },
  );
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
