import type { ComparisonDifferenceKind, ComparisonResult } from '@b2b/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Section } from '../../../components/layout/section';
import { tKey, useT } from '../../../lib/i18n';

const KIND_TEXT: Record<ComparisonDifferenceKind, string> = {
  changed: tKey('Changed'),
  onlyHere: tKey('Only here'),
  onlyThere: tKey('Only there'),
};

/** The most rows the table draws at once; the filters narrow it down. */
const SHOWN_ROWS = 500;

/**
 * A comparison: each section with its count of differences, the differences in a table
 * filtered by section, kind and path, and the fields left out because they always differ.
 */
export function ComparisonResultView({ result }: { result: ComparisonResult }) {
  const t = useT();
  const [section, setSection] = useState('all');
  const [kind, setKind] = useState('all');
  const [path, setPath] = useState('');
  const rows = useMemo(() => {
    const needle = path.trim().toLowerCase();
    return result.differences.filter(
      (d) =>
        (section === 'all' || d.section === section) &&
        (kind === 'all' || d.kind === kind) &&
        (!needle || d.path.toLowerCase().includes(needle)),
    );
  }, [result.differences, section, kind, path]);
  const total = result.sections.reduce((sum, s) => sum + s.differences, 0);
  const compared = {
    url: result.otherBaseUrl,
    when: new Date(result.comparedAt).toLocaleString(),
  };

  return (
    <Stack spacing={2}>
      <Section title={t('Sections')}>
        <Typography sx={{ mb: 1 }}>
          {total === 0
            ? t('Compared with {{url}} on {{when}}: no differences.', compared)
            : t('Compared with {{url}} on {{when}}: {{count}} differences.', {
                ...compared,
                count: total.toLocaleString(),
              })}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('Sections')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Section')}</TableCell>
                <TableCell align="right">{t('Differences')}</TableCell>
                <TableCell>{t('Compared')}</TableCell>
                <TableCell>{t('Endpoints')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.sections.map((s) => (
                <TableRow key={s.section}>
                  <TableCell>{s.section}</TableCell>
                  <TableCell align="right">{s.differences.toLocaleString()}</TableCell>
                  <TableCell>{s.note}</TableCell>
                  <TableCell>{s.endpoints.join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('Ignored, as they always differ between environments: {{fields}}.', {
            fields: result.ignoredFields.join(', '),
          })}
        </Typography>
      </Section>
      <Section title={t('Differences')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={t('Section')}
            value={section}
            onChange={(e) => setSection(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="all">{t('All sections')}</MenuItem>
            {result.sections.map((s) => (
              <MenuItem key={s.section} value={s.section}>
                {s.section}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('Kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="all">{t('All kinds')}</MenuItem>
            {Object.entries(KIND_TEXT).map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {t(text)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('Path contains')}
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
        </Stack>
        {rows.length === 0 ? (
          <Typography>
            {total > 0 ? t('No differences match the filters.') : t('No differences.')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('Differences')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Path')}</TableCell>
                  <TableCell>{t('This environment')}</TableCell>
                  <TableCell>{t('Other environment')}</TableCell>
                  <TableCell>{t('Kind')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.slice(0, SHOWN_ROWS).map((d) => (
                  <TableRow key={`${d.section} ${d.path}`}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{d.path}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{d.thisValue ?? '—'}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{d.otherValue ?? '—'}</TableCell>
                    <TableCell>{t(KIND_TEXT[d.kind])}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {rows.length > SHOWN_ROWS && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('The first {{shown}} of {{count}} shown: narrow the filters.', {
              shown: SHOWN_ROWS,
              count: rows.length.toLocaleString(),
            })}
          </Typography>
        )}
      </Section>
    </Stack>
  );
}
