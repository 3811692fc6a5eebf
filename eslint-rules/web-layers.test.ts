import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { webLayers } from './web-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

/** A file of the web app's source tree, as ESLint would name it. */
const file = (rel: string) => path.join(process.cwd(), 'apps/web/src', rel);
const page = file('modules/devops/pages/job-maintenance-page.tsx');
const refused = (name: string, code: string, filename = page) => ({
  name,
  code,
  filename,
  errors: 1,
});

tester.run('web-layers', webLayers, {
  valid: [
    {
      name: 'another module’s api (its public surface)',
      code: "import { useResetJob } from '../../jobs/api/reset-job';",
      filename: page,
    },
    {
      name: 'another module’s query keys',
      code: "import { jobsQueryKeys } from '../../jobs/api/jobs-query-keys';",
      filename: page,
    },
    {
      name: 'the module’s own components',
      code: "import { MaintenanceJobSteps } from '../components/maintenance-job-steps';",
      filename: page,
    },
    {
      name: 'shared code from a module',
      code: "import { ServerDataGrid } from '../../../components/data-grid';",
      filename: page,
    },
    {
      name: 'the app composes any module, lazily too',
      code: "const load = () => import('../modules/jobs/pages/job-list-page');",
      filename: file('app/route-pages.ts'),
    },
  ],
  invalid: [
    refused(
      'another module’s component',
      "import { JobFrame } from '../../jobs/components/job-frame';",
    ),
    refused(
      'another module’s page',
      "import { JobListPage } from '../../jobs/pages/job-list-page';",
    ),
    refused(
      'a re-export of another module’s hook',
      "export { useX } from '../../jobs/hooks/use-x';",
    ),
    refused('a star re-export', "export * from '../../jobs/components/format';"),
    refused('a dynamic import', "const m = import('../../jobs/components/job-frame');"),
    refused('the app from a module', "import { appRoutes } from '../../../app/router';"),
    refused(
      'a module from shared code',
      "import { useJob } from '../../modules/jobs/api/get-job';",
      file('components/charts/echart.tsx'),
    ),
  ],
});
