import { defineEndpoint } from '../common/endpoint.js';
import {
  CreateSftpInboxSchema,
  SftpConnectionTestSchema,
  SftpInboxDetailSchema,
  SftpInboxIdParamsSchema,
  SftpInboxListSchema,
  SftpInboxSchema,
  SftpPollQueuedSchema,
  UpdateSftpInboxSchema,
} from './schemas.js';

const tags = ['DevOps'];
// SPEC §2: /devops/sftp-configuration opens with DevOps_Area_VIEW, and so does its API.
const access = { permissions: ['DevOps_Area_VIEW'] } as const;

export const listSftpInboxes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/sftp-inboxes',
  summary: 'Every SFTP inbox with its last poll (secrets never returned)',
  tags,
  responses: { 200: SftpInboxListSchema },
  access,
});

export const getSftpInbox = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/sftp-inboxes/:configId',
  summary: 'One SFTP inbox and its latest remote files',
  tags,
  params: SftpInboxIdParamsSchema,
  responses: { 200: SftpInboxDetailSchema },
  access,
});

export const createSftpInbox = defineEndpoint({
  method: 'POST',
  path: '/api/v1/devops/sftp-inboxes',
  summary: 'Configure an SFTP inbox (its password or key is stored encrypted)',
  tags,
  body: CreateSftpInboxSchema,
  responses: { 201: SftpInboxSchema },
  access,
});

export const updateSftpInbox = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/devops/sftp-inboxes/:configId',
  summary: 'Change an SFTP inbox (a secret left out keeps the stored one)',
  tags,
  params: SftpInboxIdParamsSchema,
  body: UpdateSftpInboxSchema,
  responses: { 200: SftpInboxSchema },
  access,
});

export const testSftpConnection = defineEndpoint({
  method: 'POST',
  path: '/api/v1/devops/sftp-inboxes/:configId/test-connection',
  summary: 'Connect, check the pinned host key and list the folder',
  tags,
  params: SftpInboxIdParamsSchema,
  responses: { 200: SftpConnectionTestSchema },
  access,
});

export const pollSftpInbox = defineEndpoint({
  method: 'POST',
  path: '/api/v1/devops/sftp-inboxes/:configId/poll',
  summary: 'Queue a poll of the inbox now',
  tags,
  params: SftpInboxIdParamsSchema,
  responses: { 200: SftpPollQueuedSchema },
  access,
});
