import { CARD_PRODUCT_DISPLAY_ORDER, CARD_PRODUCT_INFO, type CardProduct } from '@b2b/contract';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useStoredValue } from '../../../lib/storage/use-stored-value';

const STORAGE_KEY = 'b2b.capabilitySelection';

/**
 * The card products (issuer capabilities, SPEC §3) the user chose to look at, kept in this
 * browser. Without CapabilitySelection_VIEW (SPEC §6 issuer base) every product is shown.
 */
export function useCapabilitySelection(): [CardProduct[], (next: CardProduct[]) => void] {
  const allowed = useCan('CapabilitySelection_VIEW');
  const [stored, setStored] = useStoredValue('local', STORAGE_KEY);
  const chosen = allowed && stored !== null ? parseSelection(stored) : null;
  return [
    chosen ?? [...CARD_PRODUCT_DISPLAY_ORDER],
    (next) => setStored(next.length === CARD_PRODUCT_DISPLAY_ORDER.length ? null : next.join(',')),
  ];
}

function parseSelection(text: string): CardProduct[] | null {
  const known = text.split(',').filter((p): p is CardProduct => p in CARD_PRODUCT_INFO);
  return known.length > 0 ? CARD_PRODUCT_DISPLAY_ORDER.filter((p) => known.includes(p)) : null;
}

/** Capability selection: which card products' columns the suppliers tab shows. */
export function CapabilitySelector() {
  const t = useT();
  const allowed = useCan('CapabilitySelection_VIEW');
  const [selected, setSelected] = useCapabilitySelection();
  const labelId = useId();
  if (!allowed) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography id={labelId} variant="body2">
        {t('Card products')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        aria-labelledby={labelId}
        value={selected}
        // At least one product stays chosen: an empty choice would hide every score.
        onChange={(_, next: CardProduct[]) => next.length > 0 && setSelected(next)}
      >
        {CARD_PRODUCT_DISPLAY_ORDER.map((product) => (
          <ToggleButton key={product} value={product}>
            {CARD_PRODUCT_INFO[product].name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
