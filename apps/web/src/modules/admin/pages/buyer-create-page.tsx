import { BuyerForm } from '../components/buyer-form';

/** /admin/buyer-manager/create. */
export function BuyerCreatePage() {
  return <BuyerForm buyer={{ issuerId: '', name: '', countryIso3: null }} />;
}
