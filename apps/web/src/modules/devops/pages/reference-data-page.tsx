import Stack from '@mui/material/Stack';
import { ReferenceImportFlow } from '../components/reference-import-flow';
import { ReferenceVersionsGrid } from '../components/reference-versions-grid';
import { Section } from '../../../components/layout/section';
import { useT } from '../../../lib/i18n';

/**
 * /devops/reference-data (ReferenceData_IMPORT): the card-acceptance reference data versions and
 * the import of a network file as a new version, which new jobs then match against.
 */
export function ReferenceDataPage() {
  const t = useT();
  return (
    <Stack spacing={3}>
      <Section title={t('Versions')}>
        <ReferenceVersionsGrid />
      </Section>
      <Section title={t('Import a file')}>
        <ReferenceImportFlow />
      </Section>
    </Stack>
  );
}
