import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useBuyer } from '../api/get-buyer';
import { BuyerForm } from '../components/buyer-form';

/** /admin/buyer-manager/{buyerId}: one buyer, editable with BuyerManagement_CRUD. */
export function BuyerDetailPage() {
  const { buyerId = '' } = useParams();
  const { data, error } = useBuyer(buyerId);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <Typography>Loading...</Typography>;
  return <BuyerForm key={data.id} buyer={data} />;
}
