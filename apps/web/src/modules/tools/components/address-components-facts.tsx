import { ADDRESS_COMPONENTS, type AddressComponents } from '@b2b/contract';
import { FactList } from '../../../components/layout/fact-list';

/** Column and fact labels of the components, in the order an address is written. */
export const COMPONENT_LABELS: Record<(typeof ADDRESS_COMPONENTS)[number], string> = {
  building: 'Building',
  street: 'Street',
  locality: 'Locality',
  city: 'City',
  region: 'Region',
  postcode: 'Postcode',
  country: 'Country',
};

/** One address's components as a description list. */
export function AddressComponentsFacts({
  components,
  label,
}: {
  components: AddressComponents;
  label: string;
}) {
  return (
    <FactList
      label={label}
      facts={ADDRESS_COMPONENTS.map((c) => [COMPONENT_LABELS[c], components[c]] as const)}
    />
  );
}
