import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ReferenceImportFlow } from '../components/reference-import-flow';
import { ReferenceVersionsGrid } from '../components/reference-versions-grid';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /devops/reference-data (ReferenceData_IMPORT): the card-acceptance reference data versions and
 * the import of a network file as a new version, which new jobs then match against.
 */
export function ReferenceDataPage() {
  return (
    <Stack spacing={3}>
      <Section title="Versions">
        <ReferenceVersionsGrid />
      </Section>
      <Section title="Import a file">
        <ReferenceImportFlow />
      </Section>
    </Stack>
  );
}
