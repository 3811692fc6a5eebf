import type { CommandState, CurrentUserProfile, ProqCommand } from '@b2b/contract';
import { issuerProfile } from '../../../test/fixtures';

/** A developer as the session call answers it: every DevOps permission. */
export const developerProfile: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Developer Demo',
  username: 'developer@example.com',
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'DevOps_Area_VIEW',
    'DevOps_JobMaintenance_VIEW',
    'DevOps_JobMaintenance_UPDATE',
    'QuickView_ProQ_VIEW',
    'ProQ_VIEW',
    'ProQ_MANAGE',
    'Workflow_PauseCommands',
    'SystemAudit_VIEW',
    'SystemHealthCheck_RUN',
    'IntegrationConfiguration_CHECK',
  ],
};

let sequence = 0;
/** A command as the ProQ lists answer it. */
export function command(overrides: Partial<ProqCommand> = {}): ProqCommand {
  sequence++;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    priority: 0,
    prerequisite: null,
    commandType: 'SystemHealthCheck',
    category: null,
    targetEntityId: null,
    jobId: null,
    correlationId: null,
    payload: {},
    queuedDate: '2026-01-01T10:00:00.000Z',
    startedDate: null,
    completedDate: null,
    state: 'Pending',
    age: 3,
    tags: [],
    environment: 'local',
    processingGroup: null,
    scheduledTime: null,
    stuckTimeOutInSeconds: 300,
    batchId: null,
    prerequisiteBatchId: null,
    message: null,
    ...overrides,
  };
}

export function page<T>(collection: T[]) {
  return {
    collection,
    currentPage: 1,
    hasNextPage: false,
    hasPreviousPage: false,
    pageSize: 25,
    totalCount: collection.length,
    totalPages: 1,
  };
}

export function quickViewRow(state: CommandState, commandType = 'IngestUpload', n = 0) {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    jobId: null,
    commandType,
    state,
    age: 7,
    tags: ['pipeline'],
    jobName: null,
  };
}
