import type { HubResource } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { resourceContentUrl } from '../api/get-resource-content';
import { useT } from '../../../lib/i18n';

/**
 * A resource's file: a video plays in the browser's own player (which seeks with HTTP Range
 * requests), a document opens in a new tab or downloads. The resources carry no captions, so
 * the player is named by the resource's title.
 */
export function ResourceViewer({ resource }: { resource: HubResource }) {
  const t = useT();
  if (resource.kind === 'video') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- the uploads carry no captions (SPEC §2 video-resources)
      <video
        controls
        preload="metadata"
        src={resourceContentUrl(resource.id)}
        aria-label={t('Video: {{title}}', { title: resource.title })}
        style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 4 }}
      />
    );
  }
  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        href={resourceContentUrl(resource.id)}
        target="_blank"
        rel="noopener"
        aria-label={t('Open {{title}} in a new tab', { title: resource.title })}
      >
        {t('Open')}
      </Button>
      <Button
        href={resourceContentUrl(resource.id, { download: true })}
        aria-label={t('Download {{title}}', { title: resource.title })}
      >
        {t('Download')}
      </Button>
    </Stack>
  );
}
