/**
 * The merge fields an outreach template may use (SPEC §3 campaign outreach): `{{name}}` in a
 * subject or body. Any other `{{…}}` is refused with a 400 naming it, so a typo never reaches a
 * supplier as literal braces.
 */
export const CAMPAIGN_MERGE_FIELDS = [
  'supplierName',
  'contactName',
  'buyerName',
  'issuerName',
  'cardProduct',
  'campaignName',
  'responseLink',
  'closeDate',
] as const;
export type CampaignMergeField = (typeof CAMPAIGN_MERGE_FIELDS)[number];

const MERGE_FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields a text names that are not in the catalogue, in order of appearance. */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(CAMPAIGN_MERGE_FIELDS);
  const unknown: string[] = [];
  for (const match of text.matchAll(MERGE_FIELD)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** Fills every known merge field; call `unknownMergeFields` first. */
export function renderMergeFields(
  text: string,
  values: Partial<Record<CampaignMergeField, string>>,
): string {
  return text.replace(MERGE_FIELD, (_, name: string) => values[name as CampaignMergeField] ?? '');
}
