import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type SectionProps = {
  /** The heading, also the region's accessible name. */
  title: string;
  /** The heading's level in the page outline: 2 on a page, 3 under a frame's own h2. */
  headingLevel?: 2 | 3;
  children: ReactNode;
};

/**
 * One titled part of a page: an outlined surface named by its heading, so it is a landmark
 * region a screen reader (and a test) can find by its title.
 */
export function Section({ title, headingLevel = 2, children }: SectionProps) {
  return (
    <Paper variant="panel" component="section" aria-label={title}>
      <Typography variant="h6" component={`h${headingLevel}`} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
