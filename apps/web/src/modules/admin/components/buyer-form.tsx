import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { useCan } from '../../../lib/permissions';
import { useCreateBuyer } from '../api/create-buyer';
import { useDeleteBuyer } from '../api/delete-buyer';
import { issuerOptionsQueryOptions } from '../api/list-issuers';
import { useUpdateBuyer } from '../api/update-buyer';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { translateServerMessage, useT } from '../../../lib/i18n';

type Buyer = { id?: string; issuerId: string; name: string; countryIso3: string | null };

/**
 * Create or edit a buyer: its issuer, name and country. An existing buyer is edited under its
 * entity write lock (`readOnly` while someone else holds it).
 */
export function BuyerForm({ buyer, readOnly = false }: { buyer: Buyer; readOnly?: boolean }) {
  const t = useT();
  const [values, setValues] = useState(buyer);
  const issuers = useQuery(issuerOptionsQueryOptions());
  const create = useCreateBuyer();
  const update = useUpdateBuyer();
  // An existing buyer is updated, a new one created; the form shows whichever call it made.
  const save = values.id ? update : create;
  const remove = useDeleteBuyer();
  // A new buyer needs BuyerManagement_CRUD (its page's permission); saving an existing one is
  // PUT /buyers, which also needs BuyerUpdate.
  const canUpdate = useCan(['BuyerManagement_CRUD', 'BuyerUpdate']);
  const canCreate = useCan('BuyerManagement_CRUD');
  const canEdit = (values.id ? canUpdate : canCreate) && !readOnly;
  const notify = useNotify();
  const navigate = useNavigate();
  const errors = fieldErrorsOf(save.error);
  const saveBuyer = (
    buyer: Buyer,
    handlers: { onSuccess: (r: { message: string }) => void; onError: (e: Error) => void },
  ) =>
    buyer.id ? update.mutate({ ...buyer, id: buyer.id }, handlers) : create.mutate(buyer, handlers);
  const done = (message: string) => {
    notify.success(translateServerMessage(message));
    void navigate('/admin/buyer-manager');
  };
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        {issuers.error && <Alert severity="error">{errorMessageOf(issuers.error)}</Alert>}
        <TextField
          select
          label={t('Issuer')}
          value={values.issuerId}
          disabled={!canEdit}
          onChange={(e) => setValues({ ...values, issuerId: e.target.value })}
          error={!!errors.issuerId}
          helperText={errors.issuerId}
        >
          {(issuers.data?.collection ?? []).map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('Name')}
          value={values.name}
          disabled={!canEdit}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
          error={!!errors.name}
          helperText={errors.name}
        />
        <TextField
          label={t('Country (ISO 3166 alpha-3)')}
          value={values.countryIso3 ?? ''}
          disabled={!canEdit}
          onChange={(e) => setValues({ ...values, countryIso3: e.target.value || null })}
          error={!!errors.countryIso3}
          helperText={errors.countryIso3}
          slotProps={{ htmlInput: { maxLength: 3 } }}
        />
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={save.isPending}
              onClick={() =>
                saveBuyer(values, {
                  onSuccess: (r) => done(r.message),
                  // Field errors show beside their fields; only other failures need a toast.
                  onError: (e) => {
                    if (Object.keys(fieldErrorsOf(e)).length === 0)
                      notify.error(e, { operation: t('Save buyer') });
                  },
                })
              }
            >
              {t('Save')}
            </Button>
            {values.id && (
              <Button
                color="error"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(values.id!, {
                    onSuccess: (r) => done(r.message),
                    onError: (e) => notify.error(e, { operation: t('Delete buyer') }),
                  })
                }
              >
                {t('Delete buyer')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
