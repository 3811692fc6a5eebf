/** Query keys of the SFTP inbox screens. */
export const sftpInboxesQueryKeys = {
  all: ['sftp-inboxes'] as const,
  list: ['sftp-inboxes', 'list'] as const,
  inbox: (id: string) => ['sftp-inboxes', 'inbox', id] as const,
};
