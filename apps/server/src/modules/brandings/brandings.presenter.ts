import type { Branding, ThemeKey } from '@b2b/contract';
import type { BrandingRow } from './brandings.repo.js';

export function presentBranding(row: BrandingRow): Branding {
  return {
    brandingId: row.id,
    brandingKey: row.brandingKey,
    theme: row.theme as ThemeKey,
    brandingDisplayName: row.displayName,
    fullDomainName: row.fullDomainName,
    emailSenderAddress: row.emailSenderAddress,
    emailSenderName: row.emailSenderName,
  };
}
