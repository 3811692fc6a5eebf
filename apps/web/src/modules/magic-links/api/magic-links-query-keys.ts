import type { MagicLinkKind, MagicLinkStatus } from '@b2b/contract';

/** Query keys of the magic links screen; the public page keys its own (`upload-link`). */
export const magicLinksQueryKeys = {
  all: ['magic-links'] as const,
  list: (status: MagicLinkStatus | undefined) => ['magic-links', 'list', status ?? 'all'] as const,
  uploadJobs: (kind: MagicLinkKind) => ['magic-links', 'upload-jobs', kind] as const,
};
