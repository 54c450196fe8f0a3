// ESLint flat config. Import boundaries follow the house style (docs/architecture.md):
// src → machines, voice, a11y, core; server → core; core and machines import nothing app-specific;
// voice and a11y use core only; src imports only types from server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Features never import each other (house style): each src/features/<name> may import only itself
// among the features; what two features share lives in src/app, src/ui, src/lib or core/.
const featureZones = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'features never import each other: share through src/app, src/ui, src/lib or core/.',
  }));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './core',
              from: ['./src', './server', './machines', './voice', './a11y'],
              message: 'core/ is pure domain code shared by browser and server.',
            },
            {
              target: './machines',
              from: ['./src', './server', './voice', './a11y'],
              message: 'machines/ hold statecharts only; they may use core/.',
            },
            {
              target: './server',
              from: ['./src', './machines', './voice', './a11y'],
              message: 'server/ uses core/ only.',
            },
            {
              target: './voice',
              from: ['./src', './server', './machines', './a11y'],
              message: 'voice/ holds speech and microphone adapters; it may use core/ only (src/ wires it).',
            },
            {
              target: './a11y',
              from: ['./src', './server', './machines', './voice'],
              message:
                'a11y/ holds the announcer, focus, shortcuts and display preferences; it may use core/ only.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Value imports from server/ are refused above; this keeps type imports allowed.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '**/server/**'],
              allowTypeImports: true,
              message: 'src/ imports only types from server/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'voice/**/*.{ts,tsx}', 'a11y/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
