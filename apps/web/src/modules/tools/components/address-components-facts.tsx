import { ADDRESS_COMPONENTS, type AddressComponents } from '@b2b/contract';
import { FactList } from '../../../components/layout/fact-list';
import { tKey, useT } from '../../../lib/i18n';

/** Column and fact labels of the components, in the order an address is written. */
export const COMPONENT_LABELS: Record<(typeof ADDRESS_COMPONENTS)[number], string> = {
  building: tKey('Building'),
  street: tKey('Street'),
  locality: tKey('Locality'),
  city: tKey('City'),
  region: tKey('Region'),
  postcode: tKey('Postcode'),
  country: tKey('Country'),
};

/** One address's components as a description list. */
export function AddressComponentsFacts({
  components,
  label,
}: {
  components: AddressComponents;
  label: string;
}) {
  const t = useT();
  return (
    <FactList
      label={label}
      facts={ADDRESS_COMPONENTS.map((c) => [t(COMPONENT_LABELS[c]), components[c]] as const)}
    />
  );
}
