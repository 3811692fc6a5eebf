import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { useCreateIssuer } from '../api/create-issuer';
import { EMPTY_ISSUER, IssuerForm, type IssuerFormValues } from '../components/issuer-form';
import { fieldErrorsOf } from '../../../lib/api-error';
import { translateServerMessage, useT } from '../../../lib/i18n';

/** /admin/issuer-manager/create: the create payload; opens the new issuer when saved. */
export function IssuerCreatePage() {
  const t = useT();
  const [values, setValues] = useState<IssuerFormValues>(EMPTY_ISSUER);
  const create = useCreateIssuer();
  const notify = useNotify();
  const navigate = useNavigate();
  const submit = () => {
    const {
      issuerKeyAliases: _a,
      issuerEmailDomains: _d,
      inputDataOptions: _i,
      ...payload
    } = values;
    create.mutate(payload, {
      onSuccess: (result) => {
        notify.success(translateServerMessage(result.message));
        void navigate(`/admin/issuer-manager/${result.id}`);
      },
      // Field errors show beside their fields; only other failures need a toast.
      onError: (e) => {
        if (Object.keys(fieldErrorsOf(e)).length === 0)
          notify.error(e, { operation: t('Create issuer') });
      },
    });
  };
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <IssuerForm
          mode="create"
          values={values}
          onChange={setValues}
          errors={fieldErrorsOf(create.error)}
          disabled={create.isPending}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={submit} disabled={create.isPending}>
            {t('Create issuer')}
          </Button>
          <Button onClick={() => void navigate('/admin/issuer-manager')}>{t('Cancel')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
