// Lint: typescript-eslint's recommended rules, and import rules that keep the layers honest:
//   core/near (NEAR's rules) ← core/service (the client) ← core/views (pure view building) ← platform ← features
// core never imports vscode, platform or features; the webview script (media/) imports only src/shared.
// Formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const vscode = { name: 'vscode', message: 'src/core and the webview are pure: only src/features and src/platform talk to VS Code.' };
const up = (group, message) => ({ group, message });

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.tools/**', '.e2e/**', '.vscode-test/**', 'bench/baselines/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off', // `import vscode = require('vscode')` and lazy requires
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [vscode], patterns: [up(['**/platform/**', '**/features/**', '**/extension'], 'src/core never imports platform or features.')] },
      ],
    },
  },
  {
    files: ['src/core/near/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscode],
          patterns: [
            up(
              ['**/platform/**', '**/features/**', '**/service/**', '**/views/**'],
              "core/near holds NEAR's own rules: it imports nothing above it (service, views).",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [vscode], patterns: [up(['**/platform/**', '**/features/**', '**/views/**'], 'core/service does not import view building or VS Code glue.')] },
      ],
    },
  },
  {
    files: ['src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [up(['**/features/**'], 'platform adapters never import a feature.')] }] },
  },
  {
    files: ['src/shared/**/*.ts', 'media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [vscode], patterns: [up(['**/core/**', '**/platform/**', '**/features/**'], 'the webview and its protocol import only src/shared.')] },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
