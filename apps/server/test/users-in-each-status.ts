import type { Database } from '../src/db/client.js';
import { users } from '../src/modules/users/user.schema.js';

/**
 * One user in each status besides active (the seed has only active ones), so every status
 * list has a known member and pickers can be shown to leave the deactivated out.
 */
export async function insertUserInEachStatus(db: Database) {
  await db.insert(users).values([
    {
      username: 'waiting@example.com',
      email: 'waiting@example.com',
      displayName: 'Wait Ing',
      approved: false,
    },
    {
      username: 'invited@example.com',
      email: 'invited@example.com',
      displayName: 'In Vited',
      approved: true,
      pending: true,
    },
    {
      username: 'gone@example.com',
      email: 'gone@example.com',
      displayName: 'Gone Away',
      approved: true,
      isDeactivated: true,
    },
  ]);
}
