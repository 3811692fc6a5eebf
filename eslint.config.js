import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint-rules/server-boundaries.js';
import { webLayers } from './eslint-rules/web-layers.js';

const drizzleOnlyInRepos = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['drizzle-orm', 'drizzle-orm/*'],
          message:
            'Only *.repo.ts, *.read.ts, *.schema.ts, *.policy.ts and db/ touch Drizzle: call the module repo instead.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      // Benchmark output (generated data, git-ignored).
      'bench/.out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Every file name is kebab-case, named after what it holds (`<module>.service.ts`).
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{js,ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // A promise is awaited, returned or handed on, never dropped or passed where a void is
    // expected; and no import circle. Typed rules read each app's own tsconfig.
    files: [
      'apps/server/src/**/*.ts',
      'apps/server/test/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/web/e2e/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Imports name the compiled file (`./x.js`); the source beside it is `./x.ts`.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The contract is the single definition of every shape: it imports nothing from the apps.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@b2b/server', '@b2b/web', '**/apps/**'],
              message: 'The contract imports nothing from the apps.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'react', 'fastify'],
              message: 'The contract is zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/**/*.read.ts',
      'apps/server/src/**/*.schema.ts',
      // A policy may give the SQL filter form of its rule beside the predicate.
      'apps/server/src/**/*.policy.ts',
      'apps/server/src/db/**',
      // The demo seed sits above the modules and writes their tables as a migration would.
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: drizzleOnlyInRepos,
  },
  {
    // Server modules meet only through service types, policies, schemas (foreign keys, read
    // models) and the ProQ command registry; db/ and engine/ sit below the modules. Tests may
    // reach across modules to set up their data.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { local: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: { 'local/server-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      local: { rules: { 'web-layers': webLayers } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'local/web-layers': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '@b2b/server'],
              message: 'Server code never reaches the web bundle.',
            },
          ],
        },
      ],
    },
  },
);
