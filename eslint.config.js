// Type-aware linting for every workspace; one config so that rules never drift between apps.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/featureBoundaries.js';
import noStandIns from './eslint-rules/noStandIns.js';

// The repository's own rules (eslint-rules/), one plugin for every block that uses them.
const emberwatch = { rules: { ...boundaries.rules, ...noStandIns.rules } };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.d.mts',
      'test-results/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Features reach each other through their index and never import the shell (eslint-rules/).
    files: ['apps/*/src/features/**/*.{ts,tsx}'],
    plugins: { emberwatch },
    rules: { 'emberwatch/feature-boundaries': 'error' },
  },
  {
    // The server and the web app never import the local stand-ins: the server reaches them through its
    // provider settings; the scripts and the tests start them (eslint-rules/, decision 0086).
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { emberwatch },
    rules: { 'emberwatch/no-stand-ins': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
