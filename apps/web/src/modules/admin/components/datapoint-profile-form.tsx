import { DATAPOINT_NAMES, type DatapointProfile } from '@b2b/contract';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms/async-button';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useSaveDatapointProfile } from '../api/save-datapoint-profile';
import { useT } from '../../../lib/i18n';

export const DATAPOINT_PROFILES_PATH = '/admin/analysis-admin/datapoint-profiles';

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A datapoint profile's name, description and columns — the supplier result fields a data
 * download carries, in the order picked here (SPEC §3: the issuer's analysis data,
 * matched-data-only and onboarding downloads name a profile). The server checks every field
 * and answers an unknown one with a 400 naming it, shown here as it comes.
 */
export function DatapointProfileForm({ profile }: { profile?: DatapointProfile }) {
  const t = useT();
  const [name, setName] = useState(profile?.name ?? '');
  const [description, setDescription] = useState(profile?.description ?? '');
  const [columns, setColumns] = useState<string[]>(profile ? [...profile.datapoints] : []);
  const [adding, setAdding] = useState<string | null>(null);
  const save = useSaveDatapointProfile();
  const notify = useNotify();
  const navigate = useNavigate();
  const remaining = DATAPOINT_NAMES.filter((d) => !columns.includes(d));

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <TextField
        label={t('Name')}
        size="small"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('Description')}
        size="small"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Section title={t('Columns')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('The fields a download with this profile carries, left to right in this order.')}
        </Typography>
        <Table size="small" aria-label={t('Profile columns')}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{t('Field')}</TableCell>
              <TableCell align="right">{t('Order')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map((c, i) => (
              <TableRow key={c}>
                <TableCell>{i + 1}</TableCell>
                <TableCell component="th" scope="row">
                  {c}
                </TableCell>
                <TableCell align="right">
                  <IconButton
                    size="small"
                    aria-label={t('Move {{column}} up', { column: c })}
                    disabled={i === 0}
                    onClick={() => setColumns(moved(columns, i, i - 1))}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('Move {{column}} down', { column: c })}
                    disabled={i === columns.length - 1}
                    onClick={() => setColumns(moved(columns, i, i + 1))}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('Remove {{column}}', { column: c })}
                    onClick={() => setColumns(columns.filter((x) => x !== c))}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Autocomplete
            sx={{ minWidth: 320 }}
            options={remaining}
            value={adding}
            onChange={(_, v) => setAdding(v)}
            renderInput={(params) => (
              <TextField {...params} label={t('Add a field')} size="small" />
            )}
          />
          <Button
            variant="outlined"
            disabled={!adding}
            onClick={() => {
              setColumns([...columns, adding!]);
              setAdding(null);
            }}
          >
            {t('Add column')}
          </Button>
        </Stack>
      </Section>
      {save.isError && <Alert severity="error">{errorMessageOf(save.error)}</Alert>}
      <Stack direction="row" spacing={1}>
        <AsyncButton
          variant="contained"
          disabled={name.trim() === '' || columns.length === 0}
          onClick={async () => {
            const saved = await save.mutateAsync({
              id: profile?.id,
              body: { name, description, datapoints: columns },
            });
            notify.success(t('Saved “{{name}}”.', { name: saved.name }));
            if (!profile) await navigate(`${DATAPOINT_PROFILES_PATH}/${saved.id}`);
          }}
          // The server's message (naming an unknown field) shows above the buttons.
          onError={() => {}}
        >
          {profile ? t('Save profile') : t('Create profile')}
        </AsyncButton>
        <Button onClick={() => void navigate(DATAPOINT_PROFILES_PATH)}>
          {t('Back to profiles')}
        </Button>
      </Stack>
    </Stack>
  );
}
