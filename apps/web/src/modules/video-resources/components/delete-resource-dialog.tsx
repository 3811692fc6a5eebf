import type { VideoResource } from '@b2b/contract';
import { z } from 'zod';
import { FormDialog } from '../../../components/forms';
import { useDeleteVideoResource } from '../api/delete-video-resource';
import { useT } from '../../../lib/i18n';

/** Asks before deleting a resource: its file goes too, and nobody sees it in the hub any more. */
export function DeleteResourceDialog({
  resource,
  onClose,
  onDeleted,
}: {
  resource: VideoResource | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const t = useT();
  const remove = useDeleteVideoResource();
  return (
    <FormDialog
      open={resource !== null}
      title={t('Delete {{title}}?', { title: resource?.title ?? '' })}
      description={t(
        'The file is deleted too, and the resource leaves the resource hub of every user.',
      )}
      fields={[]}
      schema={z.object({})}
      defaultValues={{}}
      submitLabel={t('Delete')}
      cancelLabel={t('Cancel')}

      onSubmit={async () => {
        if (!resource) return;
        await remove.mutateAsync(resource.id);
        onDeleted?.();
      }}
      onClose={onClose}
    />
  );
}
