// Lint: typescript-eslint's recommended rules, and import rules that keep the layers honest. From the ground up:
//   base (errors, exact JSON, text, bytes) ← near (NEAR's rules) ← client (the service client) ← ui (what several
//   features show the same way) ← platform (editor adapters) ← features/<feature> ← extension.ts
// Everything below platform is pure (never imports vscode), and so is each feature's model/ folder; a webview script
// (media/, a feature's webview/) imports only message protocols and the ui's guard.
// Formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const vscode = {
  name: 'vscode',
  message: 'Pure code (base, near, client, ui, a feature model, a webview) never imports vscode: only platform and feature glue talk to VS Code.',
};
const up = (group, message) => ({ group, message });
/** Files that may not import vscode nor any of `above`: folders (`near/**`) and files (`parts`), gitignore-style (`!` re-allows). */
const layer = (files, above, message) => [
  {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscode],
          patterns: [
            up(
              above.map((a) => (a.startsWith('!') ? `!**/${a.slice(1)}` : `**/${a}`)),
              message,
            ),
          ],
        },
      ],
    },
  },
];

// The web build (dist/web/, the browser's Web Worker extension host) runs everything under src/ but a Node-only
// adapter: no Node built-in module and no Node global there. Bytes go through src/base/bytes.ts (Web APIs), randomness
// through Web Crypto, build-time switches through esbuild's `define`.
/**
 * A feature's model, protocol and guards are pure: no vscode, no editor adapter (but the pure settings and network
 * words), no feature's glue (its own or another's, `glue` a regex of such relative paths from `files`); another
 * feature's model or protocol is fine.
 */
const pureFeature = (files, glue) => [
  {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscode],
          patterns: [
            {
              regex: '(^|/)(platform/(?!settings$|network$)|parts$|extension$)',
              message: "a feature's model is pure: no editor adapter but platform/settings and platform/network.",
            },
            { regex: glue, message: "a feature's model imports no feature glue: only models, protocols, guards and the layers below." },
          ],
        },
      ],
    },
  },
];

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
const webSafe = 'the web build runs this in a browser: use Web APIs (src/base/bytes.ts, crypto.getRandomValues, fetch) or a Node-only adapter';
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
const viaOfetch = 'every HTTP request goes through ofetch (src/client/transport.ts, or ofetch.raw with the same options)';
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
  ...layer(
    ['src/base/**/*.ts'],
    ['near/**', 'client/**', 'ui/**', 'platform/**', 'features/**', 'manifest', 'extension'],
    'base is the ground floor: it imports nothing of ours.',
  ),
  ...layer(
    ['src/near/**/*.ts'],
    ['client/**', 'ui/**', 'platform/**', 'features/**', 'manifest', 'extension'],
    "near holds NEAR's own rules: it imports only base.",
  ),
  ...layer(
    ['src/client/**/*.ts'],
    ['ui/**', 'platform/**', 'features/**', 'manifest', 'extension'],
    'the client imports only near and base: no views, no VS Code glue.',
  ),
  ...layer(['src/ui/**/*.ts'], ['platform/**', 'features/**', 'extension'], 'the ui kit is pure and below every feature.'),
  {
    files: ['src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [up(['**/features/**', '**/extension'], 'platform adapters never import a feature.')] }] },
  },
  ...pureFeature(
    ['src/features/*/model/**/*.ts'],
    '^\\.\\./(?!\\.\\./)(?!protocol$|guards$|model/)|^\\.\\./\\.\\./(?!\\.\\./)[^/]+/(?!model/|protocol$|guards$)',
  ),
  ...pureFeature(
    ['src/features/*/protocol.ts', 'src/features/*/guards.ts'],
    '^\\./(?!protocol$|guards$|model/)|^\\.\\./(?!\\.\\./)[^/]+/(?!model/|protocol$|guards$)',
  ),
  {
    // A webview script runs in the page: it imports only message protocols and their guards, the ui's guard and other
    // webview scripts (media/'s shell, a feature's webview/ section).
    files: ['media/**/*.ts', 'src/features/*/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscode],
          patterns: [
            {
              regex: '^(?!\\./[^/]+$)(?!.*/(protocol|guards)$)(?!.*/webview/[^/]+$)(?!.*/ui/(guard|dom)$)',
              message: 'a webview script imports only message protocols, their guards, the ui guard and DOM helpers, and other webview scripts.',
            },
          ],
        },
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
  {
    // CommonJS config files (.mocharc.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
