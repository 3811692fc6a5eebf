import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessageOf } from '../../lib/api-error';
import { useVendor } from './vendors-api';

// The levels' colours of the suppliers tab: green High, amber Medium, red Low, grey None.
const LEVEL_COLORS = { High: 'success', Medium: 'warning', Low: 'error', None: 'default' } as const;

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

/** /vendors/:vendorId — a reference merchant and which of the user's jobs' suppliers matched it. */
export function VendorDetailPage() {
  const { vendorId = '' } = useParams();
  const query = useVendor(vendorId);
  if (query.isPending) return <LinearProgress aria-label="Loading the vendor" />;
  if (query.isError) return <Alert severity="error">{errorMessageOf(query.error)}</Alert>;
  const { vendor: v, matchedSuppliers, referenceVersionId } = query.data;
  const facts: [string, string][] = [
    ['Merchant id', v.merchantId],
    ['Trading as', v.dbaName ?? '—'],
    ['Address', [v.addressLine1, v.city, v.postcode, v.country].filter(Boolean).join(', ')],
    ['MCC', v.mcc ?? '—'],
    ['Accepts card', yesNo(v.acceptsCard)],
    ['Accepts virtual card', yesNo(v.acceptsVirtualCard)],
    ['STP enrolled', yesNo(v.stpEnrolled)],
    ['Data level', v.dataLevel === null ? '—' : String(v.dataLevel)],
    ['Last transaction', v.lastTransactionDate ?? '—'],
    ['Network', v.network ?? '—'],
    ['Reference data version', referenceVersionId],
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h6" component="h2">
          {v.merchantName}
        </Typography>
        <Link component={RouterLink} to="/vendors">
          Search vendors
        </Link>
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Merchant" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Matched suppliers" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3">
          Matched suppliers in your jobs
        </Typography>
        {matchedSuppliers.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No supplier of a job you can see is matched to this merchant.
          </Typography>
        ) : (
          <Table size="small" aria-label="Matched suppliers">
            <TableHead>
              <TableRow>
                <TableCell>Job</TableCell>
                <TableCell>Supplier</TableCell>
                <TableCell>Match</TableCell>
                <TableCell>Confidence</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {matchedSuppliers.map((s) => (
                <TableRow key={`${s.jobId}/${s.supplierKey}`}>
                  <TableCell>{s.jobName}</TableCell>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/jobs/${s.jobId}/suppliers/${encodeURIComponent(s.supplierKey)}`}
                    >
                      {s.supplierName}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={s.matchStatus}
                      color={s.matchStatus === 'MATCHED' ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={s.confidence} color={LEVEL_COLORS[s.confidence]} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
