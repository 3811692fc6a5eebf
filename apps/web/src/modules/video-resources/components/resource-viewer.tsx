import type { HubResource } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { resourceContentUrl } from '../api/get-resource-content';

/**
 * A resource's file: a video plays in the browser's own player (which seeks with HTTP Range
 * requests), a document opens in a new tab or downloads. The resources carry no captions, so
 * the player is named by the resource's title.
 */
export function ResourceViewer({ resource }: { resource: HubResource }) {
  if (resource.kind === 'video') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- the uploads carry no captions (SPEC §2 video-resources)
      <video
        controls
        preload="metadata"
        src={resourceContentUrl(resource.id)}
        aria-label={`Video: ${resource.title}`}
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
        aria-label={`Open ${resource.title} in a new tab`}
      >
        Open
      </Button>
      <Button
        href={resourceContentUrl(resource.id, { download: true })}
        aria-label={`Download ${resource.title}`}
      >
        Download
      </Button>
    </Stack>
  );
}
