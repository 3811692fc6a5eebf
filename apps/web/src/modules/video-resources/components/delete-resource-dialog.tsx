import type { VideoResource } from '@b2b/contract';
import { z } from 'zod';
import { FormDialog } from '../../../components/forms';
import { useDeleteVideoResource } from '../api/delete-video-resource';

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
  const remove = useDeleteVideoResource();
  return (
    <FormDialog
      open={resource !== null}
      title={`Delete ${resource?.title ?? ''}?`}
      description="The file is deleted too, and the resource leaves the resource hub of every user."
      fields={[]}
      schema={z.object({})}
      defaultValues={{}}
      submitLabel="Delete"
      cancelLabel="Cancel"
      onSubmit={async () => {
        if (!resource) return;
        await remove.mutateAsync(resource.id);
        onDeleted?.();
      }}
      onClose={onClose}
    />
  );
}
