import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ANY_PERMISSIONS, STANDARD_ROLES } from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import type { UsersService } from '../users/users.service.js';
import type { VideoResourcesService } from './video-resources.service.js';

const data = (name: string) => fileURLToPath(new URL(`./data/${name}`, import.meta.url));

/** Shipped with the product so the hub is not empty on a fresh machine (SPEC §2 /resource-hub). */
const DEMO_RESOURCES = [
  {
    file: 'getting-started.pdf',
    title: 'Getting started',
    description: 'The four steps from a supplier file to scored suppliers, on one page.',
    tags: ['onboarding', 'guide'],
  },
  {
    file: 'getting-started.webm',
    title: 'Welcome video',
    description: 'A three-second test card: check that videos play in your browser.',
    tags: ['onboarding', 'video'],
  },
] as const;

/** The demo resources, shared with every system role, once: nothing is added while any resource exists. */
export async function prepareDemoResources(
  services: { videoResources: VideoResourcesService; users: Pick<UsersService, 'findByUsername'> },
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await services.videoResources.list()).items.length > 0) return;
  const admin = await services.users.findByUsername('sysadmin@example.com');
  if (!admin) return;
  const actor: Actor = {
    userId: admin.id,
    username: admin.username,
    sessionId: 'demo-seed',
    permissions: ANY_PERMISSIONS,
    issuerIds: [],
    managedIssuerIds: [],
    eligible: true,
  };
  for (const resource of DEMO_RESOURCES) {
    await services.videoResources.create(
      actor,
      {
        title: resource.title,
        description: resource.description,
        tags: JSON.stringify(resource.tags),
        audienceRoles: JSON.stringify(STANDARD_ROLES),
      },
      { filename: resource.file, stream: fs.createReadStream(data(resource.file)) },
    );
  }
  log.info({ count: DEMO_RESOURCES.length }, 'added the demo video resources');
}
