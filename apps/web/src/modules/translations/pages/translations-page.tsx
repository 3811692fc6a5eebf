import {
  can,
  type TranslationEntry,
  type TranslationLanguage,
  type TranslationStatus,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/get-session';
import { currentLanguage, tKey, useT } from '../../../lib/i18n';
import { useTranslationEntries } from '../api/list-translation-entries';
import { useTranslationLanguages } from '../api/list-translation-languages';
import { useRemoveTranslationOverride } from '../api/remove-translation-override';
import { useSetTranslationOverride } from '../api/set-translation-override';
import { languageName } from '../components/language-menu';
import { reloadCurrentLanguage } from '../hooks/use-show-language';

const STATUS_LABELS: Record<TranslationStatus, string> = {
  translated: tKey('Translated'),
  overridden: tKey('Overridden'),
  missing: tKey('Missing (shown in English)'),
};
const STATUS_COLORS = { translated: 'default', overridden: 'info', missing: 'warning' } as const;

const OverrideFormSchema = z.object({
  text: z.string().trim().min(1, tKey('Enter the text to show')),
});

function LanguageSummary({ language }: { language: TranslationLanguage }) {
  const t = useT();
  if (language.key === 'en')
    return <>{t('The keys are the English texts; {{n}} overridden', { n: language.overridden })}</>;
  return (
    <>
      {language.shipped ? t('Shipped with the product') : t('Not shipped: overrides only')}
      {' · '}
      {t('{{n}} missing', { n: language.missing })} ·{' '}
      {t('{{n}} overridden', { n: language.overridden })}
    </>
  );
}

/**
 * /admin/analysis-admin/translations (SPEC §2, Translations_CRUD): every UI string in every
 * language — the English key, the shipped translation and an admin's override — with the
 * missing ones listed. An override takes effect on users' next page load, no rebuild.
 */
export function TranslationsPage() {
  const t = useT();
  const session = useSession();
  const mayChange = can(session.data, ['Translations_CRUD']);
  const languages = useTranslationLanguages();
  const [language, setLanguage] = useState('de');
  const [status, setStatus] = useState<TranslationStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [editing, setEditing] = useState<TranslationEntry | null>(null);
  const entries = useTranslationEntries(language);
  const save = useSetTranslationOverride();
  const remove = useRemoveTranslationOverride();

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (entries.data ?? []).filter(
      (entry) =>
        (status === 'all' || entry.status === status) &&
        (!needle ||
          entry.key.toLowerCase().includes(needle) ||
          entry.effective.toLowerCase().includes(needle)),
    );
  }, [entries.data, status, search]);
  const current = languages.data?.find((l) => l.key === language);

  async function afterChange() {
    if (language === currentLanguage()) await reloadCurrentLanguage();
  }

  return (
    <Stack spacing={3}>
      {languages.error && <Alert severity="error">{errorMessageOf(languages.error)}</Alert>}
      <Section title={t('Language')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('Language')}
            value={language}
            onChange={(event) => {
              setLanguage(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 220 }}
          >
            {(languages.data ?? [{ key: 'de', name: 'German' } as TranslationLanguage]).map((l) => (
              <MenuItem key={l.key} value={l.key}>
                {languageName(l.key, currentLanguage())}
              </MenuItem>
            ))}
          </TextField>
          {current && (
            <Typography variant="body2">
              <LanguageSummary language={current} />
            </Typography>
          )}
        </Stack>
      </Section>
      <Section title={t('Strings')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('Status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TranslationStatus | 'all');
              setPage(0);
            }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="all">{t('All')}</MenuItem>
            {(Object.keys(STATUS_LABELS) as TranslationStatus[]).map((key) => (
              <MenuItem key={key} value={key}>
                {t(STATUS_LABELS[key])}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('Search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 280 }}
          />
        </Stack>
        {entries.error && <Alert severity="error">{errorMessageOf(entries.error)}</Alert>}
        {entries.isPending && <LinearProgress aria-label={t('Loading the strings')} />}
        {entries.data && (
          <>
            <Table size="small" aria-label={t('Strings')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('English')}</TableCell>
                  <TableCell>{t('Shown')}</TableCell>
                  <TableCell>{t('Status')}</TableCell>
                  <TableCell>{t('Changed by')}</TableCell>
                  {mayChange && <TableCell align="right">{t('Actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.slice(page * rowsPerPage, (page + 1) * rowsPerPage).map((entry) => (
                  <TableRow key={entry.key}>
                    <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                      {entry.key}
                    </TableCell>
                    <TableCell lang={language} sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                      {entry.effective}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLORS[entry.status]}
                        label={t(STATUS_LABELS[entry.status])}
                      />
                    </TableCell>
                    <TableCell>{entry.updatedBy ?? '—'}</TableCell>
                    {mayChange && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" onClick={() => setEditing(entry)}>
                          {t('Edit')}
                        </Button>
                        {entry.override !== null && (
                          <Button
                            size="small"
                            color="warning"
                            disabled={remove.isPending}
                            onClick={() =>
                              void remove
                                .mutateAsync({ language, key: entry.key })
                                .then(afterChange)
                            }
                          >
                            {t('Remove override')}
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={shown.length}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={rowsPerPage}
              rowsPerPageOptions={[25, 50, 100]}
              onRowsPerPageChange={(event) => {
                setRowsPerPage(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('Rows per page')}
            />
          </>
        )}
      </Section>
      {editing && (
        <FormDialog
          open
          title={t('Override a string')}
          description={
            <>
              <Typography variant="body2">
                <strong>{t('English')}:</strong> {editing.key}
              </Typography>
              {language !== 'en' && (
                <Typography variant="body2" lang={language}>
                  <strong>{t('Shipped')}:</strong> {editing.shipped ?? t('none')}
                </Typography>
              )}
            </>
          }
          fields={[
            {
              type: 'TextField',
              name: 'text',
              label: t('Text shown in {{language}}', {
                language: languageName(language, currentLanguage()),
              }),
              multiline: true,
              required: true,
              helperText: t('Keep placeholders such as {{example}} as they are', {
                example: '{{count}}',
              }),
            },
          ]}
          schema={OverrideFormSchema}
          defaultValues={{ text: editing.effective }}
          submitLabel={t('Save')}
          cancelLabel={t('Cancel')}
          onSubmit={async ({ text }) => {
            await save.mutateAsync({ language, key: editing.key, text });
            await afterChange();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
