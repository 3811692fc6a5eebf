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
import type { VendorMatchedSupplier } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useParams } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { errorMessageOf } from '../../../lib/api-error';
import { fetchMatchedSuppliers } from '../api/vendor-matched-suppliers';
import { useVendor } from '../api/get-vendor';
import { vendorsQueryKeys } from '../api/vendors-query-keys';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

// The levels' colours of the suppliers tab: green High, amber Medium, red Low, grey None.
const LEVEL_COLORS = { High: 'success', Medium: 'warning', Low: 'error', None: 'default' } as const;

// Filtered and sorted on the server (a paged list request); the grid's own filter menus send
// the filters, so a user with many matches pages through all of them.
const supplierColumns = (t: Translate): GridColDef<VendorMatchedSupplier>[] => [
  { field: 'jobName', headerName: t('Job'), flex: 1, minWidth: 160 },
  {
    field: 'supplierName',
    headerName: t('Supplier'),
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/jobs/${row.jobId}/suppliers/${encodeURIComponent(row.supplierKey)}`}
      >
        {row.supplierName}
      </Link>
    ),
  },
  {
    field: 'matchStatus',
    headerName: t('Match'),
    width: 130,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        label={t(row.matchStatus)}
        color={row.matchStatus === 'MATCHED' ? 'success' : 'default'}
      />
    ),
  },
  {
    field: 'confidence',
    headerName: t('Confidence'),
    width: 120,
    renderCell: ({ row }) => (
      <Chip size="small" label={t(row.confidence)} color={LEVEL_COLORS[row.confidence]} />
    ),
  },
];

const yesNo = (value: boolean | null, t: Translate) =>
  value === null ? '—' : value ? t('Yes') : t('No');

/** /vendors/:vendorId — a reference merchant and which of the user's jobs' suppliers matched it. */
export function VendorDetailPage() {
  const t = useT();
  const { vendorId = '' } = useParams();
  const query = useVendor(vendorId);
  const columns = useMemo(() => supplierColumns(t), [t]);
  if (query.isPending) return <LinearProgress aria-label={t('Loading the vendor')} />;
  if (query.isError) return <Alert severity="error">{errorMessageOf(query.error)}</Alert>;
  const { vendor: v, entity, referenceVersionId } = query.data;
  const facts: [string, string][] = [
    [t('Merchant id'), v.merchantId],
    [t('Trading as'), v.dbaName ?? '—'],
    [t('Address'), [v.addressLine1, v.city, v.postcode, v.country].filter(Boolean).join(', ')],
    [t('MCC'), v.mcc ?? '—'],
    [t('Accepts card'), yesNo(v.acceptsCard, t)],
    [t('Accepts virtual card'), yesNo(v.acceptsVirtualCard, t)],
    [t('STP enrolled'), yesNo(v.stpEnrolled, t)],
    [t('Data level'), v.dataLevel === null ? '—' : String(v.dataLevel)],
    [t('Last transaction'), v.lastTransactionDate ?? '—'],
    [t('Network'), v.network ?? '—'],
    [t('Reference data version'), referenceVersionId],
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h6" component="h2">
          {v.merchantName}
        </Typography>
        <Link component={RouterLink} to="/vendors">
          {t('Search vendors')}
        </Link>
      </Stack>
      <Paper variant="panel" component="section" aria-label={t('Merchant')}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="note">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="panel" component="section" aria-label={t('Same business in the card data')}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('Same business in the card data')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {entity.recordCount === 1
            ? t('The card data lists this business once.')
            : t(
                'The card data lists this business {{count}} times (card feeds, letter case, locations, descriptors cut short); matching treats them as one merchant and a supplier matched to it accepts what any of them accepts.',
                { count: entity.recordCount },
              )}
        </Typography>
        {entity.recordCount > 1 && (
          <Table size="small" aria-label={t('Records of this business')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Descriptor')}</TableCell>
                <TableCell>{t('Town')}</TableCell>
                <TableCell>{t('Network')}</TableCell>
                <TableCell>{t('Accepts card')}</TableCell>
                <TableCell>{t('Accepts virtual card')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entity.records.map((r) => (
                <TableRow key={r.merchantId}>
                  <TableCell>
                    {r.merchantId === v.merchantId ? (
                      <strong>{r.merchantName}</strong>
                    ) : (
                      <Link
                        component={RouterLink}
                        to={`/vendors/${encodeURIComponent(r.merchantId)}`}
                      >
                        {r.merchantName}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell>{r.city ?? '—'}</TableCell>
                  <TableCell>{r.network ?? '—'}</TableCell>
                  <TableCell>{yesNo(r.acceptsCard, t)}</TableCell>
                  <TableCell>{yesNo(r.acceptsVirtualCard, t)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <Paper variant="panel" component="section" aria-label={t('Matched suppliers')}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('Matched suppliers in your jobs')}
        </Typography>
        <ServerDataGrid<VendorMatchedSupplier>
          label={t('Matched suppliers')}
          queryKey={vendorsQueryKeys.matchedSuppliers(vendorId)}
          columns={columns}

          fetchPage={(request, signal) => fetchMatchedSuppliers(vendorId, request, signal)}
          getRowId={(row) => `${row.jobId}/${row.supplierKey}`}
          height={420}
        />
      </Paper>
    </Stack>
  );
}
