import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { useCan } from '../../../lib/permissions';
import { useDeleteIssuer } from '../api/delete-issuer';
import { useIssuer } from '../api/get-issuer-full';
import { useUpdateIssuer } from '../api/update-issuer';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { IssuerForm, type IssuerFormValues } from '../components/issuer-form';
import { IssuerSsoSection } from '../components/issuer-sso-section';
import { IssuerSupplierListsSection } from '../components/issuer-supplier-lists-section';
import { useEntityLock } from '../api/use-entity-lock';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { translateServerMessage, useT } from '../../../lib/i18n';

type Issuer = NonNullable<ReturnType<typeof useIssuer>['data']>;

function toForm(issuer: Issuer): IssuerFormValues {
  return {
    name: issuer.name,
    issuerKey: issuer.issuerKey,
    scheme: issuer.scheme,
    language: issuer.language,
    currency: issuer.currency,
    fallbackCountryIso3: issuer.fallbackCountryIso3,
    capabilities: issuer.issuerCapabilities.map((c) => c.id),
    virtualLockboxes: issuer.issuerVirtualLockboxes,
    inputDataOptions: issuer.issuerInputDataOptions,
    sendMagicLinks: issuer.sendMagicLinks,
    brandingId: issuer.brandingId,
    analysisDataDownloadDatapointProfileId: issuer.analysisDataDownloadDatapointProfileId,
    matchedDataOnlyDownloadDatapointProfileId: issuer.matchedDataOnlyDownloadDatapointProfileId,
    onboardingDataDownloadDatapointProfileId: issuer.onboardingDataDownloadDatapointProfileId,
    issuerKeyAliases: issuer.issuerKeyAliases,
    issuerEmailDomains: issuer.issuerEmailDomains,
  };
}

/** The edit form of one loaded issuer: it keeps the version it read and sends it on save. */
function IssuerEditor({ issuer }: { issuer: Issuer }) {
  const t = useT();
  const [values, setValues] = useState(() => toForm(issuer));
  const [version, setVersion] = useState(issuer.version);
  const lock = useEntityLock('issuer', issuer.id);
  const canEdit = useCan(['IssuerArea_CRUD', 'IssuerUpdate']);
  const canDelete = useCan(['IssuerArea_CRUD', 'IssuerDelete']);
  const update = useUpdateIssuer();
  const remove = useDeleteIssuer();
  const notify = useNotify();
  const navigate = useNavigate();
  const readOnly = !canEdit || lock.readOnly;

  const save = () =>
    update.mutate(
      { ...values, id: issuer.id, version },
      {
        onSuccess: (result) => {
          setVersion(result.version);
          notify.success(translateServerMessage(result.message));
        },
        // Field errors show beside their fields; only other failures need a toast.
        onError: (e) => {
          if (Object.keys(fieldErrorsOf(e)).length === 0)
            notify.error(e, { operation: t('Save issuer') });
        },
      },
    );
  const del = () =>
    remove.mutate(issuer.id, {
      onSuccess: (result) => {
        notify.success(translateServerMessage(result.message));
        void navigate('/admin/issuer-manager');
      },
      onError: (e) => notify.error(e, { operation: t('Delete issuer') }),
    });

  return (
    <Stack spacing={2}>
      <EntityLockBar lock={lock} />
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              {issuer.name}
            </Typography>
            <Typography variant="note">
              {t('Version {{version}} · {{count}} user(s) outside its e-mail domains', {
                version,
                count: issuer.numberNonEmailDomainUsers,
              })}
            </Typography>
            <Button component={RouterLink} to={`/admin/issuer-manager/${issuer.id}/users`}>
              {t('Users')}
            </Button>
          </Stack>
          {update.error && (update.error as { status?: number }).status === 409 && (
            <Alert severity="error">{errorMessageOf(update.error)}</Alert>
          )}
          <IssuerForm
            mode="edit"
            values={values}
            onChange={setValues}
            errors={fieldErrorsOf(update.error)}
            disabled={readOnly || update.isPending}
          />
          <Stack direction="row" spacing={1}>
            {canEdit && (
              <Button variant="contained" onClick={save} disabled={readOnly || update.isPending}>
                {t('Save')}
              </Button>
            )}
            {canDelete && (
              <Button color="error" onClick={del} disabled={readOnly || remove.isPending}>
                {t('Delete issuer')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <IssuerSupplierListsSection issuerId={issuer.id} readOnly={readOnly} />
      {canEdit && <IssuerSsoSection issuerId={issuer.id} />}
    </Stack>
  );
}

/** /admin/issuer-manager/{issuerId}: detail and edit under the entity write lock. */
export function IssuerDetailPage() {
  const t = useT();
  const { issuerId = '' } = useParams();
  const { data, error } = useIssuer(issuerId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!data) return <Typography>{t('Loading...')}</Typography>;
  return <IssuerEditor key={data.id} issuer={data} />;
}
