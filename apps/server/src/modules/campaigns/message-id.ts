/**
 * The Message-ID of a campaign e-mail: one per (campaign, supplier, step), the same for every
 * attempt of that step, so a receiver can drop a resent copy and a bounce names what bounced.
 */
const DOMAIN = 'b2b-analytics';

export function campaignMessageId(campaignId: string, supplierKey: string, step: number): string {
  return `<campaign-${campaignId}-${encodeURIComponent(supplierKey)}-${step}@${DOMAIN}>`;
}

const PATTERN = new RegExp(
  `<campaign-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([^\\s<>@]+)-(\\d+)@${DOMAIN}>`,
  'gi',
);

/** Every campaign Message-ID a text names (a bounce quotes the original's headers). */
export function campaignMessageIdsIn(
  text: string,
): { campaignId: string; supplierKey: string; step: number }[] {
  const found: { campaignId: string; supplierKey: string; step: number }[] = [];
  for (const m of text.matchAll(PATTERN)) {
    try {
      found.push({
        campaignId: m[1]!.toLowerCase(),
        supplierKey: decodeURIComponent(m[2]!),
        step: Number(m[3]),
      });
    } catch {
      // A malformed escape is no Message-ID of ours.
    }
  }
  return found;
}
