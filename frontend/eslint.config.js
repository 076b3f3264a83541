import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const generatedInternals = {
  group: ['@/api/generated/client', '@/api/generated/client/**', '@/api/generated/core', '@/api/generated/core/**'],
  message: 'Use the generated entry points (index, client.gen, zod.gen, @tanstack/react-query.gen), not their internals.',
};

export default defineConfig(
  { ignores: ['dist', 'coverage', 'src/api/generated'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-imports': ['error', { patterns: [generatedInternals] }],
    },
  },
  // Features never import each other (or the app); routes in src/app compose them.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            generatedInternals,
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app', '@/app/**'],
              message: 'Features do not import other features or the app; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            generatedInternals,
            { group: ['@/features/**', '@/app/**'], message: 'Shared code does not depend on features or the app.' },
          ],
        },
      ],
    },
  },
  // No module imports itself back through others, dynamic imports included (types alone are erased, so they
  // may go both ways): a circle makes what runs first depend on which module the bundler or test loads first.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', globals: globals.node },
  },
  {
    // Browser tests run code in the page too (page.evaluate).
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
