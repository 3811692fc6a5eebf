import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { serverBoundaries } from './server-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

/** A file of the server's source tree, as ESLint would name it. */
const file = (rel: string) => path.join(process.cwd(), 'apps/server/src', rel);
const refused = (code: string, filename: string) => ({ code, filename, errors: 1 });

tester.run('server-boundaries', serverBoundaries, {
  valid: [
    {
      name: 'import type of another module’s service',
      code: "import type { UsersService } from '../users/users.service.js';",
      filename: file('modules/auth/auth.service.ts'),
    },
    {
      name: 'inline type specifiers of another module’s service',
      code: "import { type UsersService } from '../users/users.service.js';",
      filename: file('modules/auth/auth.service.ts'),
    },
    {
      name: 'another module’s policy',
      code: "import { issuerScope } from '../issuers/issuers.policy.js';",
      filename: file('modules/users/users.service.ts'),
    },
    {
      name: 'schema to schema (a foreign key)',
      code: "import { users } from '../users/user.schema.js';",
      filename: file('modules/auth/session.schema.ts'),
    },
    {
      name: 'a read model reads another module’s tables',
      code: "import { users } from '../users/user.schema.js';",
      filename: file('modules/auth/session.read.ts'),
    },
    {
      name: 'the ProQ command registry',
      code: "import type { CommandRegistry } from '../proq/command-registry.js';\nimport { defineHandler } from '../proq/command-registry.js';",
      filename: file('modules/chat/chat.commands.ts'),
    },
    {
      name: 'a module’s own repo',
      code: "import { createUsersRepo } from './users.repo.js';",
      filename: file('modules/users/users.service.ts'),
    },
    {
      name: 'the composition root imports services',
      code: "import { createUsersService } from './modules/users/users.service.js';",
      filename: file('services.ts'),
    },
    {
      name: 'db/schema.ts gathers the tables for drizzle-kit',
      code: "export * from '../modules/users/user.schema.js';",
      filename: file('db/schema.ts'),
    },
    {
      name: 'a module uses db/',
      code: "import type { Database } from '../../db/client.js';",
      filename: file('modules/users/users.repo.ts'),
    },
  ],
  invalid: [
    refused(
      "import { users } from '../users/user.schema.js';",
      file('modules/chat/chat-documents.repo.ts'),
    ),
    refused(
      "import { LATEST_TERMS } from '../users/users.service.js';",
      file('modules/auth/auth.service.ts'),
    ),
    refused(
      "import { type UsersService, LATEST_TERMS } from '../users/users.service.js';",
      file('modules/auth/auth.service.ts'),
    ),
    refused("import '../users/users.service.js';", file('modules/auth/auth.service.ts')),
    refused(
      "import { createUsersRepo } from '../users/users.repo.js';",
      file('modules/auth/auth.service.ts'),
    ),
    refused(
      "export { createUsersRepo } from '../users/users.repo.js';",
      file('modules/auth/auth.service.ts'),
    ),
    refused("export * from '../users/users.repo.js';", file('modules/auth/index.ts')),
    refused(
      "const repo = await import('../users/users.repo.js');",
      file('modules/auth/auth.service.ts'),
    ),
    refused(
      "const service = await import('../users/users.service.js');",
      file('modules/auth/auth.service.ts'),
    ),
    refused(
      "import { ROLES } from '../users/roles.js';",
      file('modules/authorization/x.routes.ts'),
    ),
    refused(
      "import { users } from '../users/user.schema.js';",
      file('modules/auth/auth.service.ts'),
    ),
    refused(
      "import { LATEST_TERMS } from '../modules/users/users.service.js';",
      file('db/seed.ts'),
    ),
    refused("import { users } from '../db/schema.js';", file('seed/seed.ts')),
    refused("import type { Database } from '../db/client.js';", file('engine/results.ts')),
    refused("import { x } from '../modules/jobs/job.schema.js';", file('engine/results.ts')),
  ],
});
