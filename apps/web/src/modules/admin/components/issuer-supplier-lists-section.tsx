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
import { fieldErrorsOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useIssuerSupplierLists } from '../api/get-issuer-supplier-lists';
import { useReplaceIssuerSupplierList } from '../api/replace-issuer-supplier-list';
import { useT } from '../../../lib/i18n';

const LISTS: { list: SupplierListKind; label: string; help: string }[] = [
  {
    list: 'exclude',
    label: 'Exclude list',
    help: 'Suppliers named here are never in a use case or a campaign of this issuer’s jobs (for example strategic suppliers the bank handles itself).',
  },
  {
    list: 'include',
    label: 'Include list',
    help: 'When it names any supplier, use cases and campaigns keep to the suppliers named here.',
  },
];

const namesOf = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '');

function SupplierListEditor({
  issuerId,
  list,
  label,
  help,
  stored,
  readOnly,
}: {
  issuerId: string;
  list: SupplierListKind;
  label: string;
  help: string;
  stored: IssuerSupplierLists['include'];
  readOnly: boolean;
}) {
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
          notify.success(`${label} saved: ${entries.length} supplier(s).`);
        },
        onError: (e) => {
          if (Object.keys(fieldErrorsOf(e)).length === 0)
            notify.error(e, { operation: `Save the ${label.toLowerCase()}` });
        },
      },
    );

  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        label={label}
        multiline
        minRows={6}
        maxRows={16}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={readOnly || save.isPending}
        error={Boolean(lineError)}
        helperText={lineError ?? `${help} One supplier name per line.`}
      />
      <Typography variant="note">
        {count} of at most {SUPPLIER_LIST_MAX_ENTRIES.toLocaleString()} supplier(s)
        {stored.updatedOn ? ` · last added ${formatDateTime(stored.updatedOn)}` : ''}
      </Typography>
      {!readOnly && (
        <Stack direction="row">
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Save {label.toLowerCase()}
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
        {error && <Alert severity="error">{error.message}</Alert>}
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
