import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersRule } from './eslint/layers.js';

/** Globals that reach the outside world: main/core must not touch them. */
const ioGlobals = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'process',
  'require',
  'Buffer',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'document',
  'window',
  'navigator',
  'location',
].map((name) => ({ name, message: 'main/core is pure: pass what it needs in as arguments.' }));

/** The clock and chance: main/core takes time and randomness as arguments, so what it computes can be replayed. */
const clockSyntax = [
  ['NewExpression[callee.name="Date"][arguments.length=0]', 'new Date()'],
  ['CallExpression[callee.name="Date"]', 'Date()'],
  ['CallExpression[callee.object.name="Date"][callee.property.name="now"]', 'Date.now()'],
  ['MemberExpression[object.name="performance"]', 'performance'],
  ['CallExpression[callee.object.name="Math"][callee.property.name="random"]', 'Math.random()'],
].map(([selector, what]) => ({ selector, message: `main/core has no clock and no chance: take ${what}'s value as an argument.` }));

/** Errors a user reads are said through the message catalogue (saidError), so the CLI and the window say them in Korean too. */
const saidErrorSyntax = [
  {
    selector: 'NewExpression[callee.name="KopaError"]',
    message: 'Say an error through the message catalogue: saidError(code, { message, hint, vars }) with keys in resources/strings.',
  },
];

/** The few places that build a KopaError from words already said: saidError itself and the two sides of the wire. */
const errorBuilders = ['main/core/errors.ts', 'main/core/i18n/saidError.ts', 'renderer/src/api/localizedErrors.ts'];

/** node-llama-cpp helpers that reach the network: KOPA Studio runs air-gapped and never downloads a model or a binary. */
const downloaderApis = ['resolveModelFile', 'createModelDownloader', 'combineModelDownloaders', 'ModelDownloader', 'CombinedModelDownloader'];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'coverage/', '.kopa-test/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { kopa: { rules: { layers: layersRule } } },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'kopa/layers': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node-llama-cpp', importNames: downloaderApis, message: 'Air-gapped: models come from files the user chose, never from a download.' },
          ],
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts', 'native/**/*.ts', 'test/**/*.{ts,mjs}', 'scripts/**/*.{js,mjs,ts}', 'bin/**/*.mjs', 'eslint/**/*.js', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-globals': ['error', 'process', 'require', 'Buffer'] },
  },
  {
    // A function a reader cannot hold in view at once is split where the parts have names (blank lines and comments aside).
    files: ['main/**/*.ts', 'native/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['main/**/*.ts', 'native/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    ignores: errorBuilders,
    rules: { 'no-restricted-syntax': ['error', ...saidErrorSyntax] },
  },
  {
    files: ['main/core/**/*.ts'],
    ignores: errorBuilders,
    languageOptions: { globals: {} },
    rules: { 'no-restricted-globals': ['error', ...ioGlobals], 'no-restricted-syntax': ['error', ...clockSyntax, ...saidErrorSyntax] },
  },
  {
    files: errorBuilders.filter((file) => file.startsWith('main/core/')),
    languageOptions: { globals: {} },
    rules: { 'no-restricted-globals': ['error', ...ioGlobals], 'no-restricted-syntax': ['error', ...clockSyntax] },
  },
);
