import { MESSAGES } from '@b2b/contract';
import { useEffect } from 'react';

/** '<issuerName> B2B Analytics' when the branding has an issuer, else 'B2B Analytics'. */
export function pageTitle(issuerName?: string | null): string {
  return issuerName ? `${issuerName} ${MESSAGES.pageTitleSuffix}` : MESSAGES.pageTitleSuffix;
}

/** Keeps document.title in step with the branding in use. */
export function usePageTitle(issuerName?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(issuerName);
  }, [issuerName]);
}
