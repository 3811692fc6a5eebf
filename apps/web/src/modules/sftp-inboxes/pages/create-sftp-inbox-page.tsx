import { useNavigate } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCreateSftpInbox } from '../api/create-sftp-inbox';
import { InboxForm } from '../components/inbox-form';
import { useT } from '../../../lib/i18n';

/** /devops/sftp-configuration/create: a new SFTP inbox; saved, its page opens. */
export function CreateSftpInboxPage() {
  const t = useT();
  const create = useCreateSftpInbox();
  const navigate = useNavigate();
  return (
    <Section title={t('New SFTP inbox')}>
      <InboxForm
        submitLabel={t('Create inbox')}
        pending={create.isPending}
        error={create.error ? errorMessageOf(create.error) : null}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (inbox) => void navigate(`/devops/sftp-configuration/${inbox.id}`),
          })
        }
      />
    </Section>
  );
}
