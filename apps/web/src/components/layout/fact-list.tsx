import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One label and its value; an empty value shows as a dash. */
export type Fact = readonly [label: string, value: ReactNode];

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * Label and value pairs as a description list (`<dl>`): labels in a column as wide as the
 * longest, values beside them; long unbroken values (ids) wrap rather than overflow.
 */
export function FactList({ facts, label }: { facts: readonly Fact[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="note">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {isEmpty(value) ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
