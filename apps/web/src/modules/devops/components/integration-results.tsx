import { MESSAGES, type IntegrationResult } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../../../lib/i18n';

/**
 * A verification's outcome as SPEC.md words it: 'Verification completed successfully', or
 * 'Verification failed' listing each failing integration with its message or 'Unknown error';
 * then every integration's result.
 */
export function IntegrationResults({
  results,
  label,
}: {
  results: readonly IntegrationResult[];
  label: string;
}) {
  const t = useT();
  const failures = results.filter((r) => !r.success);
  return (
    <>
      {failures.length === 0 ? (
        <Alert severity="success">{t(MESSAGES.verificationSucceeded)}</Alert>
      ) : (
        <Alert severity="error">
          <AlertTitle>{t(MESSAGES.verificationFailed)}</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {failures.map((f) => (
              <li key={f.integration}>
                {f.integration}: {f.message || t(MESSAGES.unknownError)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Integration')}</TableCell>
            <TableCell>{t('Result')}</TableCell>
            <TableCell>{t('Message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => (
            <TableRow key={r.integration}>
              <TableCell component="th" scope="row">
                {r.integration}
              </TableCell>
              <TableCell>{r.success ? t('OK') : t('Failed')}</TableCell>
              <TableCell>{r.message || (r.success ? '' : t(MESSAGES.unknownError))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
