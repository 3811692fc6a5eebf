import { releaseNotesEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { releaseNotesKeys } from './release-notes-query-keys';

/** The notes change only with a deployment: kept for the visit. */
const RELEASE_NOTES_STALE_MS = 60 * 60_000;

/** The release notes, newest first; with a search, those holding every word. */
export function listReleaseNotes(search: string, signal?: AbortSignal) {
  const trimmed = search.trim();
  return apiRequest(releaseNotesEndpoints.listReleaseNotes, {
    query: trimmed ? { search: trimmed } : {},
    signal,
  });
}

export function releaseNotesQueryOptions(search = '') {
  return queryOptions({
    queryKey: releaseNotesKeys.list(search.trim()),
    queryFn: ({ signal }) => listReleaseNotes(search, signal),
    staleTime: RELEASE_NOTES_STALE_MS,
    // Typing a search keeps the last answer on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` for users without SystemUpdates_VIEW (the new-version message asks too). */
export function useReleaseNotes(search = '', enabled = true) {
  return useQuery({ ...releaseNotesQueryOptions(search), enabled });
}
