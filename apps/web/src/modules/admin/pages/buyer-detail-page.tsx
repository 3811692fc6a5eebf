import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { useBuyer } from '../api/get-buyer';
import { useEntityLock } from '../api/use-entity-lock';
import { BuyerForm } from '../components/buyer-form';
import { useT } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/api-error';

/**
 * /admin/buyer-manager/{buyerId}: one buyer, editable with BuyerManagement_CRUD under its
 * entity write lock (SPEC §9: 3-second heartbeat; read-only while another user holds it).
 */
export function BuyerDetailPage() {
  const t = useT();
  const { buyerId = '' } = useParams();
  const { data, error } = useBuyer(buyerId);
  const lock = useEntityLock('buyer', buyerId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!data) return <Typography>{t('Loading...')}</Typography>;
  return (
    <>
      <EntityLockBar lock={lock} />
      <BuyerForm key={data.id} buyer={data} readOnly={lock.readOnly} />
    </>
  );
}
