import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { useUpdateCampaignContacts } from '../api/update-campaign-contacts';
import { translateServerMessage, useT } from '../../../lib/i18n';

type ContactLine = {
  supplierKey: string;
  contactEmail: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
};

/** One line per supplier: key, e-mail, name, phone (tab or comma separated; blanks clear). */
function parseLines(text: string): ContactLine[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [key = '', email = '', name, phone] = line.split(/\t|,/).map((p) => p.trim());
      return {
        supplierKey: key,
        contactEmail: email || null,
        ...(name !== undefined ? { contactName: name || null } : {}),
        ...(phone !== undefined ? { contactPhone: phone || null } : {}),
      };
    });
}

/**
 * Edits contacts of many suppliers at once (pasted from a spreadsheet); the server reports a bad
 * address or an unknown supplier per row, and applies the others.
 */
export function ContactsEditor({ campaignId }: { campaignId: string }) {
  const t = useT();
  const [text, setText] = useState('');
  const update = useUpdateCampaignContacts(campaignId);
  const result = update.data;
  return (
    <Stack spacing={1}>
      <TextField
        label={t('Contacts')}
        multiline
        minRows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={t('One supplier a line: supplier key, e-mail, contact name, phone')}
      />
      <div>
        <Button
          variant="outlined"
          disabled={text.trim() === '' || update.isPending}
          onClick={() => update.mutate({ contacts: parseLines(text) })}
        >
          {t('Save contacts')}
        </Button>
      </div>
      {update.isError && <Alert severity="error">{errorMessageOf(update.error)}</Alert>}
      {result && (
        <Alert severity={result.rejects.length > 0 ? 'warning' : 'success'}>
          {result.rejects.length > 0
            ? t('Contacts updated: {{updated}}; rejected: {{rejected}}.', {
                updated: result.updated,
                rejected: result.rejects.length,
              })
            : t('Contacts updated: {{updated}}.', { updated: result.updated })}
        </Alert>
      )}
      {result && result.rejects.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4">
            {t('Rejected lines')}
          </Typography>
          <ul aria-label={t('Rejected contacts')}>
            {result.rejects.map((r) => (
              <li key={`${r.row}-${r.field}`}>
                {r.supplierKey
                  ? t('Line {{row}} ({{supplier}}): {{field}}: {{message}}', {
                      row: r.row,
                      supplier: r.supplierKey,
                      field: r.field,
                      message: translateServerMessage(r.message),
                    })
                  : t('Line {{row}}: {{field}}: {{message}}', {
                      row: r.row,
                      field: r.field,
                      message: translateServerMessage(r.message),
                    })}
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}
