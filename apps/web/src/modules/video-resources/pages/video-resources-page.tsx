import { ROLE_DESCRIPTIONS, VIDEO_RESOURCE_TEXTS, type VideoResource } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatFileSize } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useVideoResources } from '../api/list-video-resources';
import { DeleteResourceDialog } from '../components/delete-resource-dialog';
import { ActionsHeaderCell } from '../../../components/layout/actions-header-cell';
import { useT } from '../../../lib/i18n';

const BASE = '/admin/analysis-admin/video-resources';

/**
 * /admin/analysis-admin/video-resources: every video and document shared through the resource
 * hub, searchable by title, description and tag, each with who may see it.
 */
export function VideoResourcesPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const resources = useVideoResources(useDeferredValue(search.trim()));
  const [deleting, setDeleting] = useState<VideoResource | null>(null);
  const items = resources.data?.items ?? [];
  return (
    <Section title={t('Video resources')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" component={RouterLink} to={`${BASE}/create`}>
            {t('New video resource')}
          </Button>
          <TextField
            label={t('Search')}
            size="small"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Stack>
        {resources.error && <Alert severity="error">{errorMessageOf(resources.error)}</Alert>}
        {resources.isPending && <LinearProgress aria-label={t('Loading the video resources')} />}
        {resources.data && items.length === 0 && (
          <Typography>
            {search.trim() ? t(VIDEO_RESOURCE_TEXTS.noMatch) : t('No video resource yet.')}
          </Typography>
        )}
        {items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('Video resources')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Title')}</TableCell>
                  <TableCell>{t('File')}</TableCell>
                  <TableCell>{t('Tags')}</TableCell>
                  <TableCell>{t('Audience roles')}</TableCell>
                  <TableCell>{t('Updated')}</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((resource) => (
                  <TableRow key={resource.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`${BASE}/${resource.id}`}>
                        {resource.title}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {resource.kind === 'video'
                        ? t('Video · {{file}} ({{size}})', {
                            file: resource.fileName,
                            size: formatFileSize(resource.sizeBytes),
                          })
                        : t('Document · {{file}} ({{size}})', {
                            file: resource.fileName,
                            size: formatFileSize(resource.sizeBytes),
                          })}
                    </TableCell>
                    <TableCell>{resource.tags.join(', ') || '—'}</TableCell>
                    <TableCell>
                      {resource.audienceRoles
                        .map((r) => t(ROLE_DESCRIPTIONS[r].displayName))
                        .join(', ')}
                    </TableCell>
                    <TableCell>{new Date(resource.updatedAt).toLocaleString()}</TableCell>
                    <TableCell>
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setDeleting(resource)}
                        aria-label={t('Delete {{name}}', { name: resource.title })}
                      >
                        {t('Delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
      <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}
