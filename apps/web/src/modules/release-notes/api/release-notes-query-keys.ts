const ALL = ['release-notes'] as const;

/** Query keys of the release notes, keyed by the search. */
export const releaseNotesKeys = {
  all: ALL,
  list: (search: string) => [...ALL, 'list', search] as const,
};
