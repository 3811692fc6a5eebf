import {
  DEFAULT_TABBED_VIEW_ROLES,
  ROLE_PERMISSIONS,
  STANDARD_ROLES,
  type JobDetails,
  type StandardRole,
  can,
  permissionsOf,
} from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import {
  type JobAction,
  type JobViewer,
  authorize,
  jobAbilities,
  jobViewer,
  canSeeJob,
  scoresAsSeenBy,
  visibleDatapoints,
} from './jobs.policy.js';

type Ability = keyof JobDetails['can'];
type Status = 'Draft' | 'Processing' | 'Completed' | 'Error';
const STATUSES: Status[] = ['Draft', 'Processing', 'Completed', 'Error'];

const ME = '00000000-0000-4000-8000-000000000001';
const SOMEONE = '00000000-0000-4000-8000-000000000002';
const ISSUER = '00000000-0000-4000-8000-0000000000a1';
const OTHER_ISSUER = '00000000-0000-4000-8000-0000000000b2';

/** A signed-in user of a standard role, with the tabbed-view roles it starts with. */
function actorOf(role: StandardRole, issuers: Partial<Actor> = {}): Actor {
  return {
    userId: ME,
    username: `${role.toLowerCase()}@example.com`,
    sessionId: 'test',
    permissions: permissionsOf([role, ...DEFAULT_TABBED_VIEW_ROLES[role]]),
    issuerIds: [],
    managedIssuerIds: [],
    eligible: true,
    ...issuers,
  };
}

/** The roles by what the catalogue grants them for jobs (SPEC §6). */
const GROUPS = {
  /** JobCreate only. */
  creators: [
    'issuer',
    'client',
    'issuerPlus',
    'accountManager',
    'selfServeJobCreator',
    'campaignManager',
    'matchedDataOnlyJobCreator',
  ],
  /** JobCreate and JobEdit: the internal job team. */
  editors: ['ptcoJobManager', 'UserAdministrator'],
  /** And AnalysisPublish, JobNameUpdate and JobDelete. */
  admins: ['sysAdmin', 'tester', 'developer'],
} satisfies Record<string, StandardRole[]>;
type Group = keyof typeof GROUPS;

/** What each group may do with a base job in each status, as its owner and as anyone else. */
const ABILITIES: Record<Group, Record<Status, { owner: Ability[]; other: Ability[] }>> = {
  creators: {
    Draft: { owner: ['editWizard'], other: [] },
    Processing: { owner: [], other: [] },
    Completed: { owner: [], other: [] },
    Error: { owner: ['retry'], other: [] },
  },
  editors: {
    Draft: { owner: ['editWizard'], other: ['editWizard'] },
    Processing: { owner: [], other: [] },
    Completed: { owner: ['overrideMatches', 'rescore'], other: ['overrideMatches', 'rescore'] },
    Error: { owner: ['retry'], other: ['retry'] },
  },
  admins: {
    Draft: {
      owner: ['editWizard', 'rename', 'delete'],
      other: ['editWizard', 'rename', 'delete'],
    },
    // Renaming is the one thing an administrator may do to a running job.
    Processing: { owner: ['rename'], other: ['rename'] },
    Completed: {
      owner: ['publish', 'overrideMatches', 'rescore', 'rename', 'delete'],
      other: ['publish', 'overrideMatches', 'rescore', 'rename', 'delete'],
    },
    Error: { owner: ['retry', 'rename', 'delete'], other: ['retry', 'rename', 'delete'] },
  },
};

const groupOf = (role: StandardRole) =>
  (Object.keys(GROUPS) as Group[]).find((g) => (GROUPS[g] as StandardRole[]).includes(role))!;

const granted = (can: JobDetails['can']) =>
  (Object.keys(can) as Ability[]).filter((ability) => can[ability]);

const job = (
  status: Status,
  extra: Partial<{ ownerId: string; type: string; isPublished: boolean }> = {},
) => ({
  ownerId: SOMEONE,
  status,
  type: 'base',
  isPublished: false,
  ...extra,
});

describe('job abilities × role', () => {
  it('groups every standard role by the job permissions the catalogue grants it', () => {
    expect(Object.values(GROUPS).flat().sort()).toEqual([...STANDARD_ROLES].sort());
    for (const role of STANDARD_ROLES) {
      const group = groupOf(role);
      const user = { permissions: ROLE_PERMISSIONS[role] };
      expect(can(user, 'JobCreate'), role).toBe(true);
      expect(can(user, 'JobEdit'), role).toBe(group !== 'creators');
      expect(can(user, ['AnalysisPublish', 'JobNameUpdate', 'JobDelete']), role).toBe(
        group === 'admins',
      );
    }
  });

  for (const role of STANDARD_ROLES) {
    for (const status of STATUSES) {
      it(`${role}, ${status} job: as owner and as anyone else`, () => {
        const expected = ABILITIES[groupOf(role)][status];
        const actor = actorOf(role);
        expect(granted(jobAbilities(actor, job(status, { ownerId: ME }))).sort()).toEqual(
          [...expected.owner].sort(),
        );
        expect(granted(jobAbilities(actor, job(status))).sort()).toEqual(
          [...expected.other].sort(),
        );
      });
    }
  }

  it('never rescores a Matched Data Only job, and lets a published job be taken back at any status', () => {
    const admin = actorOf('sysAdmin');
    const mdo = jobAbilities(admin, job('Completed', { type: 'matched-data-only' }));
    expect(mdo).toMatchObject({ overrideMatches: true, rescore: false });
    const rescoring = jobAbilities(admin, job('Processing', { isPublished: true }));
    expect(granted(rescoring)).toEqual(['publish', 'rename']);
  });
});

describe('authorize', () => {
  /** The status code the action is refused with, or 'ok'. */
  function outcome(actor: Actor, action: JobAction, record: ReturnType<typeof job>) {
    try {
      authorize(actor, action, record);
      return 'ok';
    } catch (error) {
      if (error instanceof AppError) return error.statusCode;
      throw error;
    }
  }

  const CASES: [JobAction, Status, number | 'ok', (number | 'ok')?][] = [
    // action, status, outcome for a sysAdmin, outcome for an issuer who does not own the job
    ['editWizard', 'Draft', 'ok', 403],
    ['editWizard', 'Completed', 409, 403],
    ['retry', 'Error', 'ok', 403],
    ['reset', 'Draft', 409, 409],
    ['reset', 'Completed', 'ok', 'ok'],
    ['publish', 'Completed', 'ok', 403],
    ['publish', 'Error', 409, 403],
    ['unpublish', 'Processing', 'ok', 403],
    ['overrideMatches', 'Completed', 'ok', 403],
    ['overrideMatches', 'Processing', 409, 403],
    ['rescore', 'Completed', 'ok', 403],
    ['rescore', 'Draft', 409, 403],
    ['rename', 'Processing', 'ok', 403],
    ['delete', 'Completed', 'ok', 403],
    ['delete', 'Processing', 409, 403],
  ];
  for (const [action, status, asAdmin, asIssuer] of CASES) {
    it(`${action} on a ${status} job`, () => {
      expect(outcome(actorOf('sysAdmin'), action, job(status))).toBe(asAdmin);
      expect(outcome(actorOf('issuer'), action, job(status))).toBe(asIssuer);
    });
  }

  it('publishes only with both AnalysisPublish and JobPublish', () => {
    const admin = actorOf('sysAdmin');
    for (const missing of ['AnalysisPublish', 'JobPublish']) {
      const without = { ...admin, permissions: admin.permissions.filter((p) => p !== missing) };
      expect(outcome(without, 'publish', job('Completed')), missing).toBe(403);
      expect(outcome(without, 'unpublish', job('Completed')), missing).toBe(403);
      expect(jobAbilities(without, job('Completed')).publish, missing).toBe(false);
    }
  });

  it('refuses to rescore a Matched Data Only job as a bad request', () => {
    const mdo = job('Completed', { type: 'matched-data-only' });
    expect(outcome(actorOf('sysAdmin'), 'rescore', mdo)).toBe(400);
  });

  it('lets the owner without JobEdit work on their own Draft and retry their failed job', () => {
    const issuer = actorOf('issuer');
    expect(outcome(issuer, 'editWizard', job('Draft', { ownerId: ME }))).toBe('ok');
    expect(outcome(issuer, 'retry', job('Error', { ownerId: ME }))).toBe('ok');
  });
});

describe('job visibility (SPEC §3 connections)', () => {
  const facts = (extra: Partial<{ id: string; ownerId: string; isPublished: boolean }> = {}) => ({
    id: THE_JOB,
    ownerId: SOMEONE,
    issuerId: ISSUER,
    isPublished: false,
    ...extra,
  });
  const viewer = (role: StandardRole, issuers: Partial<Actor> = {}): JobViewer =>
    jobViewer(actorOf(role, issuers));
  const member = { issuerIds: [ISSUER] };
  const THE_JOB = '00000000-0000-4000-8000-00000000a001';
  const OTHER_JOB = '00000000-0000-4000-8000-00000000a002';
  const LINK = '00000000-0000-4000-8000-00000000a003';
  const published = { id: THE_JOB, ownerId: SOMEONE, issuerId: ISSUER, isPublished: true };
  const manager = { issuerIds: [ISSUER], managedIssuerIds: [ISSUER] };
  const elsewhere = { issuerIds: [OTHER_ISSUER], managedIssuerIds: [OTHER_ISSUER] };
  // A results link's holder (SPEC §3 MagicLinkUser): no issuers, one job.
  const linkHolder = (jobId: string): JobViewer =>
    jobViewer({
      userId: LINK,
      username: 'reader@partner.example',
      sessionId: 's',
      permissions: ['JobRead', 'JobTab_Summary_VIEW'],
      issuerIds: [],
      managedIssuerIds: [],
      eligible: true,
      resultsLink: { linkId: LINK, jobId },
    });

  const CASES: [string, JobViewer, ReturnType<typeof facts>, string[], boolean][] = [
    ['the Owner', viewer('issuer'), facts({ ownerId: ME }), [], true],
    ['an IssuerManager', viewer('accountManager', manager), facts(), [], true],
    ['a DirectAssignment or MagicLinkUser', viewer('client'), facts(), [ME], true],
    ['a plain Member, unpublished', viewer('client', member), facts(), [], false],
    ['a plain Member, published', viewer('client', member), facts({ isPublished: true }), [], true],
    [
      "another issuer's Manager, published",
      viewer('accountManager', elsewhere),
      facts({ isPublished: true }),
      [SOMEONE],
      false,
    ],
    ['AllBuyers_VIEW', viewer('ptcoJobManager'), facts(), [], true],
    ['a MagicLinkUser, its job published', linkHolder(THE_JOB), published, [], true],
    ['a MagicLinkUser, its job unpublished', linkHolder(THE_JOB), facts(), [], false],
    ['a MagicLinkUser, another published job', linkHolder(OTHER_JOB), published, [], false],
    // Even named as the owner or assigned, the link's holder sees only its own job.
    [
      'a MagicLinkUser, another job it would otherwise reach',
      linkHolder(OTHER_JOB),
      facts({ isPublished: true, ownerId: LINK }),
      [LINK],
      false,
    ],
  ];
  for (const [who, v, record, assigned, sees] of CASES) {
    it(`${who}: ${sees ? 'sees' : 'does not see'} the job`, () => {
      expect(canSeeJob(v, record, assigned)).toBe(sees);
    });
  }
});

describe('supplier scores (SPEC §6 SupplierScores_VIEW)', () => {
  const result = { supplierName: 'Acme', vcardScore: 72, vcardLevel: 'High', scoreDrivers: {} };

  it('shows a role without the permission the levels, never the numbers or their drivers', () => {
    expect(scoresAsSeenBy(actorOf('issuer'))(result)).toEqual({
      supplierName: 'Acme',
      vcardScore: null,
      vcardLevel: 'High',
      scoreDrivers: null,
    });
    expect(
      visibleDatapoints(actorOf('issuer'), [
        'supplierName',
        'optimaScore',
        'optimaLevel',
        'scoreDrivers',
      ]),
    ).toEqual(['supplierName', 'optimaLevel']);
  });

  it('shows a role with the permission everything', () => {
    expect(scoresAsSeenBy(actorOf('ptcoJobManager'))(result)).toEqual(result);
    const names = ['supplierName', 'optimaScore', 'scoreDrivers'];
    expect(visibleDatapoints(actorOf('ptcoJobManager'), names)).toEqual(names);
  });
});
