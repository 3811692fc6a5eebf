import {
  SUPPLIER_LIST_MAX_ENTRIES,
  type IssuerSupplierLists,
  type SupplierListKind,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useIssuerSupplierLists } from '../api/get-issuer-supplier-lists';
import { useReplaceIssuerSupplierList } from '../api/replace-issuer-supplier-list';
import { tKey, useT } from '../../../lib/i18n';

/** Each list's texts as whole sentences (German declines "list" differently in each). */
type ListTexts = { label: string; help: string; save: string; saveThe: string; saved: string };
const LISTS: ({ list: SupplierListKind } & ListTexts)[] = [
  {
    list: 'exclude',
    label: tKey('Exclude list'),
    help: tKey(
      'Suppliers named here are never in a use case or a campaign of this issuer’s jobs (for example strategic suppliers the bank handles itself).',
    ),
    save: tKey('Save exclude list'),
    saveThe: tKey('Save the exclude list'),
    saved: tKey('Exclude list saved: {{count}} supplier(s).'),
  },
  {
    list: 'include',
    label: tKey('Include list'),
    help: tKey(
      'When it names any supplier, use cases and campaigns keep to the suppliers named here.',
    ),
    save: tKey('Save include list'),
    saveThe: tKey('Save the include list'),
    saved: tKey('Include list saved: {{count}} supplier(s).'),
  },
];

const namesOf = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '');

function SupplierListEditor({
  issuerId,
  list,
  label,
  help,
  save: saveText,
  saveThe,
  saved: savedText,
  stored,
  readOnly,
}: ListTexts & {
  issuerId: string;
  list: SupplierListKind;
  stored: IssuerSupplierLists['include'];
  readOnly: boolean;
}) {
  const t = useT();
  const [text, setText] = useState(() => stored.entries.map((e) => e.name).join('\n'));
  const save = useReplaceIssuerSupplierList(issuerId);
  const notify = useNotify();
  const error = save.variables?.list === list ? save.error : null;
  // The server names the line ("body.names[3]"); the message says which name it was.
  const lineError = Object.values(fieldErrorsOf(error))[0];
  const count = namesOf(text).length;

  const submit = () =>
    save.mutate(
      { list, names: namesOf(text) },
      {
        onSuccess: (saved) => {
          const entries = saved[list].entries;
          setText(entries.map((e) => e.name).join('\n'));
          notify.success(t(savedText, { count: entries.length }));
        },
        onError: (e) => {
          if (Object.keys(fieldErrorsOf(e)).length === 0)
            notify.error(e, { operation: t(saveThe) });
        },
      },
    );

  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        label={t(label)}
        multiline
        minRows={6}
        maxRows={16}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={readOnly || save.isPending}
        error={Boolean(lineError)}
        helperText={lineError ?? `${t(help)} ${t('One supplier name per line.')}`}
      />
      <Typography variant="note">
        {t('{{count}} of at most {{max}} supplier(s)', {
          count,
          max: SUPPLIER_LIST_MAX_ENTRIES.toLocaleString(),
        })}
        {stored.updatedOn
          ? ` · ${t('last added {{date}}', { date: formatDateTime(stored.updatedOn) })}`
          : ''}
      </Typography>
      {!readOnly && (
        <Stack direction="row">
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {t(saveText)}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * An issuer's supplier include and exclude lists (SPEC §3 hasSupplierIncludeList and
 * hasSupplierExcludeList). Names compare without case, punctuation, accents or a trailing
 * legal form, so "ACME Ltd." also matches "Acme".
 */
export function IssuerSupplierListsSection({
  issuerId,
  readOnly,
}: {
  issuerId: string;
  readOnly: boolean;
}) {
  const t = useT();
  const { data, error } = useIssuerSupplierLists(issuerId);
  return (
    <Section title={t('Supplier lists')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Names compare without case, punctuation, accents or a trailing legal form: “ACME Ltd.” also matches “Acme”. Changes apply to every job of this issuer at once.',
          )}
        </Typography>
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {data && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {LISTS.map((l) => (
              <SupplierListEditor
                key={l.list}
                issuerId={issuerId}
                {...l}
                stored={data[l.list]}
                readOnly={readOnly}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
