import type { ReleaseNote } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useReleaseNotes } from '../api/list-release-notes';
import { ReleaseNoteText } from '../components/release-note-text';
import { useT } from '../../../lib/i18n';

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

function Note({ note }: { note: ReleaseNote }) {
  const t = useT();
  return (
    <Section title={`${note.version} — ${note.title}`}>
      <Typography variant="note" component="p">
        {t('Released {{date}}', { date: longDate(note.date) })}
      </Typography>
      <ReleaseNoteText text={note.text} />
    </Section>
  );
}

/** One version's note, as the release notice and the new-version message link to it. */
function OneVersion({ version }: { version: string }) {
  const t = useT();
  const notes = useReleaseNotes();
  const note = notes.data?.find((n) => n.version === version);
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/release-notes" sx={{ alignSelf: 'flex-start' }}>
        {t('All release notes')}
      </Link>
      {notes.isPending && <LinearProgress aria-label={t('Loading the release notes')} />}
      {notes.isError && <Alert severity="error">{errorMessageOf(notes.error)}</Alert>}
      {notes.data && !note && (
        <Alert severity="info">
          {t('There is no release note for version {{version}}.', { version })}
        </Alert>
      )}
      {note && <Note note={note} />}
    </Stack>
  );
}

/**
 * /release-notes (SPEC §2, SystemUpdates_VIEW): what changed in each version, newest first,
 * searchable by words of the title and text; `?version=` shows that version's note alone.
 */
export function ReleaseNotesPage() {
  const t = useT();
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const notes = useReleaseNotes(deferred);
  const version = params.get('version');
  if (version) return <OneVersion version={version} />;
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        size="small"
        label={t('Search the release notes')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ maxWidth: 420 }}
      />
      {notes.isPending && <LinearProgress aria-label={t('Loading the release notes')} />}
      {notes.isError && <Alert severity="error">{errorMessageOf(notes.error)}</Alert>}
      {notes.data?.length === 0 && (
        <Alert severity="info">
          {t('No release note mentions “{{search}}”.', { search: deferred.trim() })}
        </Alert>
      )}
      {notes.data?.map((note) => (
        <Note key={note.version} note={note} />
      ))}
    </Stack>
  );
}
