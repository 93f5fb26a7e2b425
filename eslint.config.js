import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // The route tree is generated (`npm run routes`) and committed; a test keeps it fresh.
    ignores: ['.tmp/', 'dist/', 'storybook-static/', 'coverage/', 'data/', 'src/routes/route-tree.gen.ts', '.storybook/public/mockServiceWorker.js', 'server/db/migrations/'],
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
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '../../*'], message: 'Import through the @/ or @server/ alias.' }] },
      ],
    },
  },
  {
    // Machines stay free of the HTTP library: their network calls are src/api functions.
    files: ['src/machines/**/*.ts'],
    ignores: ['src/machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'ky', message: 'Machines call src/api functions, never ky.' }] }],
    },
  },
  // Screens never import each other; shared pieces live in src/components.
  ...readdirSync(new URL('./src/screens', import.meta.url)).map((screen) => ({
    files: [`src/screens/${screen}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/screens/(?!${screen}/)`, message: 'No cross-screen imports: move shared code to src/components.' },
            { group: ['../*', '../../*'], message: 'Import through the @/ or @server/ alias.' },
          ],
        },
      ],
    },
  })),
);
