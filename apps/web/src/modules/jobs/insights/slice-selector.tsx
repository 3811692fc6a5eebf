import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  SLICERS,
  type InsightProduct,
  type InsightSliceQuery,
} from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useInsightSlicers } from './insights-api';

type Slicer = keyof typeof SLICERS;

export type SliceSelectorProps = {
  jobId: string;
  slice: InsightSliceQuery;
  onChange: (slice: InsightSliceQuery) => void;
};

/**
 * The slicer selector: a slicer, one of its values that holds suppliers in this job (with their
 * count), and the card product whose suppliers (scoring Medium or High for it) to look at.
 */
export function SliceSelector({ jobId, slice, onChange }: SliceSelectorProps) {
  const slicers = useInsightSlicers(jobId);
  const values = slicers.data?.find((s) => s.slicer === slice.slicer)?.values ?? [];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label="Slicer"
        value={slice.slicer}
        sx={{ minWidth: 200 }}
        onChange={(e) => {
          const slicer = e.target.value as Slicer;
          const first =
            slicer === 'Overall'
              ? 'All'
              : (slicers.data?.find((s) => s.slicer === slicer)?.values[0]?.value ??
                SLICERS[slicer][0]);
          onChange({ ...slice, slicer, slicerValue: first });
        }}
      >
        {(Object.keys(SLICERS) as Slicer[]).map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      {slice.slicer !== 'Overall' && (
        <TextField
          select
          size="small"
          label="Value"
          value={slice.slicerValue}
          sx={{ minWidth: 200 }}
          onChange={(e) => onChange({ ...slice, slicerValue: e.target.value })}
        >
          {(values.length > 0
            ? values
            : [{ value: slice.slicerValue, suppliers: 0, spend: 0 }]
          ).map((v) => (
            <MenuItem key={v.value} value={v.value}>
              {v.value} ({v.suppliers.toLocaleString()} suppliers)
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Card product"
        value={slice.product}
        sx={{ minWidth: 200 }}
        onChange={(e) => onChange({ ...slice, product: e.target.value as InsightProduct })}
      >
        <MenuItem value="All">All suppliers</MenuItem>
        {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
          <MenuItem key={p} value={p}>
            {CARD_PRODUCT_INFO[p].name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
