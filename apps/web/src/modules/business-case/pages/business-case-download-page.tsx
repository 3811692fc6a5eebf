import type { JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { businessCaseWorkbookUrl } from '../api/download-business-case-workbook';
import { useBusinessCase } from '../api/get-business-case';
import { useT } from '../../../lib/i18n';

/**
 * /jobs/:jobId/business-case-download (SPEC §2): the business case as an Excel workbook — an
 * Inputs sheet, calculation sheets of live formulas over it, a Summary and the suppliers behind
 * it — for the issuer's defaults or any saved scenario. `pdfAction` is the PDF summary's button
 * when the printable reports provide one (composed by the app).
 */
export function BusinessCaseDownloadPage({
  job,
  pdfAction,
}: {
  job: JobDetails;
  pdfAction?: (scenarioId: string | undefined, name: string) => ReactNode;
}) {
  const t = useT();
  const context = useBusinessCase(job.id);
  if (context.isPending) return <LinearProgress aria-label={t('Loading the business case')} />;
  if (context.isError) return <Alert severity="error">{errorMessageOf(context.error)}</Alert>;
  const ctx = context.data;
  if (ctx.status !== 'Completed') {
    return (
      <Alert severity="info">
        {t(
          'The business case needs the job’s results, and this job is {{status}}; come back when it is Completed.',
          { status: t(ctx.status) },
        )}
      </Alert>
    );
  }
  const rows = [
    {
      id: undefined,
      name:
        ctx.defaultsSource === 'issuer'
          ? t('Issuer defaults ({{issuer}}), High and Medium scorers, 3 years', {
              issuer: ctx.issuerName,
            })
          : t('Issuer defaults (shipped), High and Medium scorers, 3 years'),
      by: '—',
    },
    ...ctx.scenarios.map((s) => ({ id: s.id, name: s.name, by: s.createdByName })),
  ];
  return (
    <Stack spacing={2}>
      <Section title={t('Business case workbook')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(
            'The PDF is a printable summary of the same figures. The workbook holds an Inputs sheet, the calculation per card product and year as live formulas over it, a Summary and the suppliers behind the spend: change an assumption in Excel and every total follows. Amounts are in {{currency}}.',
            { currency: ctx.currency },
          )}
        </Typography>
        <Table size="small" aria-label={t('Business case downloads')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Scenario')}</TableCell>
              <TableCell>{t('Saved by')}</TableCell>
              <TableCell>{t('Download')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id ?? 'defaults'}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                <TableCell>{r.by}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      variant="outlined"
                      href={businessCaseWorkbookUrl(job.id, r.id)}
                      download
                      aria-label={t('Download the workbook of {{name}}', { name: r.name })}
                    >
                      {t('Workbook (XLSX)')}
                    </Button>
                    {pdfAction?.(r.id, r.name)}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </Stack>
  );
}
