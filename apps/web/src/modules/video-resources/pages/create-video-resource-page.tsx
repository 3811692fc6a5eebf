import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCreateVideoResource } from '../api/create-video-resource';
import { ResourceForm } from '../components/resource-form';
import { useT } from '../../../lib/i18n';

/** /admin/analysis-admin/video-resources/create: upload a video or PDF; saved, its page opens. */
export function CreateVideoResourcePage() {
  const t = useT();
  const [progress, setProgress] = useState(0);
  const create = useCreateVideoResource(setProgress);
  const navigate = useNavigate();
  return (
    <Section title={t('New video resource')}>
      <ResourceForm
        withFile
        submitLabel={t('Upload')}

        pending={create.isPending}
        progress={progress}
        error={create.error ? errorMessageOf(create.error) : null}
        onSubmit={(metadata, file) => {
          setProgress(0);
          create.mutate(
            { metadata, file: file! },
            {
              onSuccess: (resource) =>
                void navigate(`/admin/analysis-admin/video-resources/${resource.id}`),
            },
          );
        }}
      />
    </Section>
  );
}
