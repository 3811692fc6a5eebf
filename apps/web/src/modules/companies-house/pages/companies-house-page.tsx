import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCompaniesHouseSettings } from '../api/get-companies-house-settings';
import { useCompanySearch } from '../api/search-companies';
import { CompanyDetails } from '../components/company-details';
import { SupplierEnrichment } from '../components/supplier-enrichment';
import { translateServerMessage, useT } from '../../../lib/i18n';

/**
 * /tools/companies-house (SPEC §2 Tools, issue 21): UK companies by name or number from the
 * Companies House register, one company's facts, and the bulk enrichment of a job's suppliers.
 */
export function CompaniesHousePage() {
  const t = useT();
  const settings = useCompaniesHouseSettings();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [companyNumber, setCompanyNumber] = useState<string | null>(null);
  const search = useCompanySearch(query, page);
  const configured = settings.data?.configured ?? false;
  return (
    <Stack spacing={3}>
      {/* Until the settings answer, Search is disabled: saying so beats a button that
          turns on by itself a moment later. */}
      {settings.isPending && (
        <LinearProgress aria-label={t('Loading the Companies House settings')} />
      )}
      {settings.isError && <Alert severity="error">{errorMessageOf(settings.error)}</Alert>}
      {settings.data && !configured && (
        <Alert severity="warning">
          {settings.data.message && translateServerMessage(settings.data.message)}
        </Alert>
      )}
      <Section title={t('Search companies')}>
        <Stack
          component="form"
          direction="row"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(text.trim());
            setPage(1);
            setCompanyNumber(null);
          }}
        >
          <TextField
            size="small"
            label={t('Company name or number')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 160 } }}
            sx={{ flexGrow: 1, maxWidth: 480 }}
            required
          />
          <Button type="submit" variant="contained" disabled={!configured}>
            {t('Search')}
          </Button>
        </Stack>
        {settings.data && configured && (
          <Typography variant="note" sx={{ mt: 1, display: 'block' }}>
            {t('Asks the Companies House API at {{url}}', { url: settings.data.baseUrl })}
          </Typography>
        )}
        {search.isFetching && <LinearProgress aria-label={t('Searching')} sx={{ mt: 2 }} />}
        {search.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(search.error)}
          </Alert>
        )}
        {search.data && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Typography role="status">
              {search.data.totalResults === 0
                ? t('No company found for “{{query}}”.', { query: search.data.query })
                : search.data.searchedBy === 'number'
                  ? t('Company number {{number}}', {
                      number: search.data.items[0]?.companyNumber ?? '',
                    })
                  : t('{{count}} companies found for “{{query}}”', {
                      count: search.data.totalResults.toLocaleString('en-GB'),
                      query: search.data.query,
                    })}
            </Typography>
            {search.data.items.length > 0 && (
              <Table size="small" aria-label={t('Companies found')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('Name')}</TableCell>
                    <TableCell>{t('Number')}</TableCell>
                    <TableCell>{t('Status')}</TableCell>
                    <TableCell>{t('Type')}</TableCell>
                    <TableCell>{t('Incorporated')}</TableCell>
                    <TableCell>{t('Address')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {search.data.items.map((c) => (
                    <TableRow key={c.companyNumber} selected={c.companyNumber === companyNumber}>
                      <TableCell>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setCompanyNumber(c.companyNumber)}
                        >
                          {c.name}
                        </Link>
                      </TableCell>
                      <TableCell>{c.companyNumber}</TableCell>
                      <TableCell>{c.status}</TableCell>
                      <TableCell>{c.type}</TableCell>
                      <TableCell>{c.incorporatedOn}</TableCell>
                      <TableCell>{c.address}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {search.data.searchedBy === 'name' &&
              search.data.totalResults > search.data.pageSize && (
                <TablePagination
                  component="div"
                  count={Math.min(search.data.totalResults, 50 * search.data.pageSize)}
                  page={page - 1}
                  rowsPerPage={search.data.pageSize}
                  rowsPerPageOptions={[search.data.pageSize]}
                  onPageChange={(_e, p) => setPage(p + 1)}
                />
              )}
          </Stack>
        )}
      </Section>
      {companyNumber && <CompanyDetails companyNumber={companyNumber} />}
      <SupplierEnrichment configured={configured} />
    </Stack>
  );
}
