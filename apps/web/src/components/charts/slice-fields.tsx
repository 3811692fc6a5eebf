import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  SLICERS,
  type InsightProduct,
  type InsightSliceQuery,
  type InsightSlicers,
} from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../lib/i18n';

type Slicer = keyof typeof SLICERS;

/** A slice without the fields that say whose suppliers (a job's, or the selected jobs'). */
export type Slice = Pick<InsightSliceQuery, 'slicer' | 'slicerValue' | 'product'>;

export type SliceFieldsProps<S extends Slice> = {
  /** The slicer values that hold suppliers (undefined while they load). */
  slicers: InsightSlicers | undefined;
  slice: S;
  onChange: (slice: S) => void;
};

/**
 * The slicer selector: a slicer, one of its values that holds suppliers (with their count), and
 * the card product whose suppliers (scoring Medium or High for it) to look at.
 */
export function SliceFields<S extends Slice>({ slicers, slice, onChange }: SliceFieldsProps<S>) {
  const t = useT();
  const values = slicers?.find((s) => s.slicer === slice.slicer)?.values ?? [];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label={t('Slicer')}
        value={slice.slicer}
        sx={{ minWidth: 200 }}
        onChange={(e) => {
          const slicer = e.target.value as Slicer;
          const first =
            slicer === 'Overall'
              ? 'All'
              : (slicers?.find((s) => s.slicer === slicer)?.values[0]?.value ?? SLICERS[slicer][0]);
          onChange({ ...slice, slicer, slicerValue: first });
        }}
      >
        {(Object.keys(SLICERS) as Slicer[]).map((s) => (
          <MenuItem key={s} value={s}>
            {t(s)}
          </MenuItem>
        ))}
      </TextField>
      {slice.slicer !== 'Overall' && (
        <TextField
          select
          size="small"
          label={t('Value')}
          value={slice.slicerValue}
          sx={{ minWidth: 200 }}
          onChange={(e) => onChange({ ...slice, slicerValue: e.target.value })}
        >
          {(values.length > 0
            ? values
            : [{ value: slice.slicerValue, suppliers: 0, spend: 0 }]
          ).map((v) => (
            <MenuItem key={v.value} value={v.value}>
              {t('{{value}} ({{count}} suppliers)', {
                value: v.value,
                count: v.suppliers.toLocaleString(),
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('Card product')}
        value={slice.product}
        sx={{ minWidth: 200 }}
        onChange={(e) => onChange({ ...slice, product: e.target.value as InsightProduct })}
      >
        <MenuItem value="All">{t('All suppliers')}</MenuItem>
        {/* The issuer's product names stay as they are in every language (SPEC §9). */}
        {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
          <MenuItem key={p} value={p}>
            {CARD_PRODUCT_INFO[p].name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
