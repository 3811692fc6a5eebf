import { VIDEO_RESOURCE_TEXTS } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { formatFileSize } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useHubResources } from '../api/list-hub-resources';
import { ResourceViewer } from '../components/resource-viewer';
import { useT } from '../../../lib/i18n';

/**
 * /resource-hub: the videos and documents shared with the user's roles, as cards, searchable by
 * title, description and tag and filtered by tag; videos play in place, documents open.
 */
export function ResourceHubPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const resources = useHubResources(useDeferredValue(search.trim()), tag);
  const items = resources.data?.items ?? [];
  const tags = resources.data?.tags ?? [];
  const filtered = search.trim() !== '' || tag !== '';

  return (
    <Section title={t('Resource hub')}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('Search resources')}
            size="small"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <TextField
            select
            label={t('Tag')}
            size="small"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('All tags')}</MenuItem>
            {tags.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {resources.error && <Alert severity="error">{errorMessageOf(resources.error)}</Alert>}
        {resources.isPending && <LinearProgress aria-label={t('Loading the resources')} />}
        {resources.data && items.length === 0 && (
          <Typography>
            {filtered ? t(VIDEO_RESOURCE_TEXTS.noMatch) : t(VIDEO_RESOURCE_TEXTS.hubEmpty)}
          </Typography>
        )}
        <Box
          component="ul"
          aria-label={t('Resources')}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
            listStyle: 'none',
            p: 0,
            m: 0,
          }}
        >
          {items.map((resource) => (
            <Card component="li" key={resource.id} variant="outlined" aria-label={resource.title}>
              <CardContent>
                <Stack spacing={1}>
                  <Typography variant="subtitle1" component="h3">
                    {resource.title}
                  </Typography>
                  {resource.description && <Typography>{resource.description}</Typography>}
                  <ResourceViewer resource={resource} />
                  <Typography variant="note">
                    {resource.kind === 'video'
                      ? t('Video · {{size}}', { size: formatFileSize(resource.sizeBytes) })
                      : t('Document · {{size}}', { size: formatFileSize(resource.sizeBytes) })}
                  </Typography>
                  {resource.tags.length > 0 && (
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      {resource.tags.map((name) => (
                        <Chip key={name} label={name} size="small" onClick={() => setTag(name)} />
                      ))}
                    </Stack>
                  )}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Stack>
    </Section>
  );
}
