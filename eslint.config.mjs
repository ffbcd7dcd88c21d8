// Lint: typescript-eslint's recommended rules, and import rules that keep the layers honest:
//   core/near (NEAR's rules) ← core/service (the client) ← core/views (pure view building) ← platform ← features
// core never imports vscode, platform or features; the webview script (media/) imports only src/shared.
// Formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const vscode = { name: 'vscode', message: 'src/core and the webview are pure: only src/features and src/platform talk to VS Code.' };
const up = (group, message) => ({ group, message });

// The web build (dist/web/, the browser's Web Worker extension host) runs everything under src/ but a Node-only
// adapter: no Node built-in module and no Node global there. Bytes go through src/core/bytes.ts (Web APIs), randomness
// through Web Crypto, build-time switches through esbuild's `define`.
const NODE_ONLY_ADAPTER = 'src/platform/node.ts';
const NODE_MODULES = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'dns',
  'events',
  'fs',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];
const nodeModule = `/^(node:.*|(${NODE_MODULES.join('|')})(\\/.*)?)$/`;
const webSafe = 'the web build runs this in a browser: use Web APIs (src/core/bytes.ts, crypto.getRandomValues, fetch) or a Node-only adapter';
const noNodeSyntax = [
  { selector: `ImportDeclaration[source.value=${nodeModule}]`, message: `No Node built-in module: ${webSafe}.` },
  { selector: `TSImportEqualsDeclaration[moduleReference.expression.value=${nodeModule}]`, message: `No Node built-in module: ${webSafe}.` },
  { selector: `CallExpression[callee.name='require'][arguments.0.value=${nodeModule}]`, message: `No Node built-in module: ${webSafe}.` },
  { selector: `ImportExpression[source.value=${nodeModule}]`, message: `No Node built-in module: ${webSafe}.` },
];
const noNodeGlobals = ['Buffer', 'process', 'global', '__dirname', '__filename', 'setImmediate', 'clearImmediate'].map((name) => ({
  name,
  message: `No Node global: ${webSafe}.`,
}));

// Every HTTP request goes through ofetch (the transport's instance, or ofetch.raw where a request is not the service's):
// no direct call of the global fetch anywhere in src/ or media/, the transport included (it hands `globalThis.fetch`
// to ofetch as the fetch under it, and calls nothing itself).
const viaOfetch = 'every HTTP request goes through ofetch (src/core/service/transport.ts, or ofetch.raw with the same options)';
const noGlobalFetch = [{ name: 'fetch', message: `No global fetch: ${viaOfetch}.` }];
const noGlobalFetchCall = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='fetch'][callee.object.name=/^(globalThis|self|window)$/]",
    message: `No global fetch: ${viaOfetch}.`,
  },
];

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
    files: ['src/**/*.ts', 'media/**/*.ts'],
    ignores: [NODE_ONLY_ADAPTER],
    rules: {
      'no-restricted-syntax': ['error', ...noNodeSyntax, ...noGlobalFetchCall],
      'no-restricted-globals': ['error', ...noNodeGlobals, ...noGlobalFetch],
    },
  },
  {
    files: [NODE_ONLY_ADAPTER],
    rules: { 'no-restricted-syntax': ['error', ...noGlobalFetchCall], 'no-restricted-globals': ['error', ...noGlobalFetch] },
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
