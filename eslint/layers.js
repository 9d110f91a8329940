// The import arrows of docs/ARCHITECTURE.md §1, checked on every import, export-from and dynamic import.
// A relative import is resolved to the layer of the file it names; a package import is checked
// against the packages each layer may use. `import type` crosses a boundary that a value import may not.
import { builtinModules } from 'node:module';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * @typedef {object} Layer
 * @property {string[]} values layers whose code this layer may import
 * @property {string[]} [types] layers this layer may import with `import type` only
 * @property {string[] | 'any'} packages bare packages this layer may import ('any' = all but the guarded ones)
 * @property {boolean} [nodeBuiltins] whether node:* modules are allowed (default true)
 */

/** Packages that only one layer may load, whatever the other rules say. */
const guardedPackages = {
  electron: 'main/desktop',
  'node-llama-cpp': 'native',
  'better-sqlite3': 'native',
};

/** Pure libraries that neither do I/O nor need Node: what main/core and renderer may build on. */
const purePackages = ['zod', 'jsonata', 'lossless-json', 'ajv', 'ajv-formats', 'fast-xml-parser', 'yaml', 'fastest-levenshtein', 'd3-scale', 'd3-shape'];

/** @type {Record<string, Layer>} Longest prefix wins. */
export const layers = {
  'main/core': { values: ['main/core', 'resources'], packages: purePackages, nodeBuiltins: false },
  'main/api': { values: ['main/core', 'main/api', 'resources'], packages: purePackages, nodeBuiltins: false },
  'main/api/node': { values: ['main/core', 'main/api', 'main/api/node'], packages: 'any' },
  native: { values: ['main/core', 'native'], packages: 'any' },
  'main/engine': { values: ['main/core', 'main/api', 'main/engine', 'native', 'resources'], packages: 'any' },
  'main/host': { values: ['main/core', 'main/api', 'main/api/node', 'main/engine', 'main/host'], packages: 'any' },
  'main/cli': { values: ['main/core', 'main/api', 'main/engine', 'main/host', 'main/cli', 'resources'], packages: 'any' },
  'main/desktop': { values: ['main/core', 'main/api', 'main/desktop', 'resources'], packages: 'any' },
  renderer: {
    values: ['main/core', 'main/api', 'renderer', 'resources'],
    types: ['main/engine', 'native'],
    // The UI's own libraries: query cache, router, accessible primitives, Markdown without HTML, icons, virtualiser.
    packages: [
      ...purePackages,
      'react',
      'react-dom',
      'd3',
      'pretendard',
      '@tanstack/react-query',
      'get-nonce',
      'wouter',
      '@radix-ui/react-alert-dialog',
      'react-markdown',
      'lucide-react',
      '@tanstack/react-virtual',
      'd3-force',
      'd3-zoom',
      'd3-selection',
    ],
    nodeBuiltins: false,
  },
  test: {
    // main/desktop only with Electron's API replaced by a fake (vi.mock('electron')): nothing here can launch it.
    values: [
      'main/core',
      'main/api',
      'main/api/node',
      'main/engine',
      'main/host',
      'main/cli',
      'main/desktop',
      'native',
      'test',
      'resources',
      'renderer',
      'scripts',
    ],
    packages: 'any',
  },
  scripts: { values: ['scripts', 'main/core', 'main/engine'], packages: 'any' },
};

const layerNames = Object.keys(layers).sort((a, b) => b.length - a.length);
const builtins = new Set(builtinModules);

/** @param {string} file absolute path */
export function layerOf(file) {
  const rel = path.relative(repoRoot, file).split(path.sep).join('/');
  if (rel.startsWith('..')) return undefined;
  return layerNames.find((name) => rel === name || rel.startsWith(`${name}/`));
}

/** @param {string} specifier */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * @param {string} fromLayer
 * @param {string} specifier
 * @param {string} file
 * @param {boolean} typeOnly
 * @returns {string | undefined} why the import is refused
 */
export function checkImport(fromLayer, specifier, file, typeOnly) {
  const layer = layers[fromLayer];
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = layerOf(path.resolve(path.dirname(file), specifier));
    if (target === undefined || layer.values.includes(target)) return undefined;
    if (typeOnly && layer.types?.includes(target)) return undefined;
    const typesNote = layer.types?.includes(target) ? ' (only `import type` may cross here)' : '';
    return `${fromLayer} may not import ${target}${typesNote}`;
  }
  const isBuiltin = specifier.startsWith('node:') || builtins.has(packageName(specifier));
  if (isBuiltin) {
    if (layer.nodeBuiltins === false && !typeOnly) return `${fromLayer} does no I/O and may not import Node's ${specifier}`;
    return undefined;
  }
  const pkg = packageName(specifier);
  const owner = guardedPackages[pkg];
  if (owner !== undefined) {
    if (owner === fromLayer || typeOnly) return undefined;
    return `only ${owner} may import ${pkg}`;
  }
  if (layer.packages === 'any' || layer.packages.includes(pkg) || typeOnly) return undefined;
  return `${fromLayer} may not import the package ${pkg}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import arrows between main/core, api, engine, cli, desktop, native and renderer' },
    schema: [],
    messages: { refused: 'Layer boundary: {{why}}.' },
  },
  create(context) {
    const file = context.filename;
    const fromLayer = layerOf(file);
    if (fromLayer === undefined) return {};
    /** @param {any} node @param {any} source @param {boolean} typeOnly */
    function check(node, source, typeOnly) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const why = checkImport(fromLayer, source.value, file, typeOnly);
      if (why !== undefined) context.report({ node, messageId: 'refused', data: { why } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument, true),
    };
  },
};
