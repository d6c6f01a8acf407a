import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { appZones, boundariesPlugin, workspaceRoot } from './eslint.boundaries.mjs';

const formattersMessage =
  'Use formatDollars, formatCount or formatDate/formatShortDate/formatTime/formatDateTime of @toolshop/contracts.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  // Boundaries (CONTRIBUTING: "Boundaries"): no import cycles, Nx tags and depConstraints, libraries
  // by package name only, and the feature zones of every app.
  {
    plugins: { 'import-x': importX, toolshop: boundariesPlugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            `${workspaceRoot}/{api,shell,storefront-mfe,dashboard-mfe,admin-mfe}/tsconfig.json`,
            `${workspaceRoot}/{libs,infra}/*/tsconfig.json`,
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'toolshop/enforce-module-boundaries': 'error',
      'toolshop/no-folder-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: workspaceRoot,
          zones: ['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe'].flatMap((app) =>
            appZones(app),
          ),
        },
      ],
    },
  },
  // React's two rules of hooks (not the React Compiler rules of the plugin's newer presets), and a
  // nudge to split functions that grow past a screenful or two.
  {
    files: ['**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.{spec,test}.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'max-lines-per-function': ['warn', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  // The pages write money, counts and dates with @toolshop/contracts' formatters and sort without a
  // collator: a page's first Intl formatter or collator loads the locale data, 15-60 ms of one task
  // (CONTRIBUTING, "Libs").
  {
    files: ['{shell,storefront-mfe,dashboard-mfe,admin-mfe,libs/ui}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.{spec,test}.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: formattersMessage }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: formattersMessage,
        })),
        {
          property: 'localeCompare',
          message:
            "A page's first localeCompare builds a collator, 45-65 ms of one task at 4x CPU: compare the strings (lowercased if case must not count).",
        },
      ],
    },
  },
  // The apps share one router, react-router's browser subset (libs/rspack-app); react-router-dom
  // re-exports it, and a remote that imported it loaded its own 36 kB copy of the package's code.
  {
    files: [
      '{shell,storefront-mfe,dashboard-mfe,admin-mfe}/src/**/*.{ts,tsx}',
      'libs/*/src/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { name: 'react-router-dom', message: "Import from 'react-router' (the shared router)." },
      ],
    },
  },
  // Jest configs are CommonJS: they load the shared base with require().
  {
    files: ['**/jest.config.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
