import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // The route tree is generated (`npm run routes`) and committed; a test keeps it fresh.
    ignores: [
      '.tmp/',
      'dist/',
      'dist-server/',
      'storybook-static/',
      'coverage/',
      'data/',
      'src/routes/route-tree.gen.ts',
      'src/routes/screen-paths.gen.ts',
      '.storybook/public/mockServiceWorker.js',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // In src/, server/ and shared/ every import goes through an alias; each block below restates
  // this rule, because a later no-restricted-imports replaces an earlier one rather than adding to it.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports() },
  },
  {
    // shared/ runs in the browser and in the server alike: the wire contract, the rating engine,
    // the table of screens, the lifecycles. No UI, no HTTP client, nothing of the client's or the
    // server's; state machines only in shared/lifecycle (below).
    files: ['shared/**/*.ts'],
    ignores: ['shared/lifecycle/**'],
    rules: {
      'no-restricted-imports': restrictImports({
        paths: [
          { name: 'react', message: 'shared/ is framework-free: no React.' },
          { name: 'react-dom', message: 'shared/ is framework-free: no React.' },
          {
            name: 'xstate',
            message:
              'Only the lifecycles (shared/lifecycle) are machines in shared/: the screens’ live in src/machines.',
          },
          { name: 'ky', message: 'shared/ makes no HTTP calls: they live in src/api.' },
        ],
        patterns: [
          {
            group: ['react/*', 'react-dom/*', '@tanstack/*'],
            message: 'shared/ is framework-free: no React or TanStack.',
          },
          { group: ['@/*'], message: 'shared/ imports nothing of the client: move what both need into shared/.' },
          { group: ['@server/*'], message: 'shared/ imports nothing of the server: move what both need into shared/.' },
        ],
      }),
    },
  },
  {
    // The order's and the policy's lifecycles: pure machines (xstate, no I/O) that the server asks
    // before it moves a record and the client asks what to show. The rest of shared/'s rules hold.
    files: ['shared/lifecycle/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        paths: [
          { name: 'react', message: 'shared/ is framework-free: no React.' },
          { name: 'react-dom', message: 'shared/ is framework-free: no React.' },
          { name: 'ky', message: 'shared/ makes no HTTP calls: they live in src/api.' },
        ],
        patterns: [
          {
            group: ['react/*', 'react-dom/*', '@tanstack/*'],
            message: 'shared/ is framework-free: no React or TanStack.',
          },
          { group: ['@/*'], message: 'shared/ imports nothing of the client: move what both need into shared/.' },
          { group: ['@server/*'], message: 'shared/ imports nothing of the server: move what both need into shared/.' },
        ],
      }),
    },
  },
  {
    // Machines stay free of the HTTP library: their network calls are named actors over src/api functions.
    files: ['src/machines/**/*.ts'],
    // The tests' harness builds the errors ky throws; no machine imports it.
    ignores: ['src/machines/**/*.test.ts', 'src/machines/machine-test-harness.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        paths: [
          { name: 'ky', message: 'Machines call src/api functions, never ky.' },
          { name: '@/api/client', message: 'Machines call src/api functions, never the HTTP client.' },
        ],
      }),
    },
  },
  // Route files declare the HTTP surface and call domain modules; SQL lives in each domain's
  // query module (server/<domain>/…), never here (issue 18).
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        paths: [
          { name: 'drizzle-orm', message: 'No SQL in route files: call the domain’s query module.' },
          { name: '@server/db/schema', message: 'No SQL in route files: call the domain’s query module.' },
        ],
      }),
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction)$/][callee.object.property.name='db']",
          message: 'No SQL in route files: call the domain’s query module.',
        },
      ],
    },
  },
  // The client and the server never import each other: what both need lives in shared/ (issue 18).
  // A rule of its own (typescript-eslint's twin of no-restricted-imports), so that the blocks above,
  // which replace no-restricted-imports for their files, cannot drop it.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*'],
              message: 'The client imports nothing of the server: move what both need to shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*'], message: 'The server imports nothing of the client: move what both need to shared/.' },
          ],
        },
      ],
    },
  },
  // Screens never import each other; shared pieces live in src/components.
  ...readdirSync(new URL('./src/screens', import.meta.url)).map((screen) => ({
    files: [`src/screens/${screen}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictImports({
        patterns: [
          {
            regex: `^@/screens/(?!${screen}/)`,
            message: 'No cross-screen imports: move shared code to src/components.',
          },
        ],
      }),
    },
  })),
);

function restrictImports({ paths = [], patterns = [] } = {}) {
  return [
    'error',
    {
      paths,
      patterns: [
        { group: ['./*', '../*', '../../*'], message: 'Import through the @/, @server/ or @shared/ alias.' },
        ...patterns,
      ],
    },
  ];
}
