#!/usr/bin/env node
// Runs the bundled CLI (dist/cli, written by `npm run build`) when it is newer than every source file, so that a
// command starts without compiling TypeScript; otherwise, in a checkout without a build or with edited sources,
// the TypeScript sources themselves through tsx. KOPA_FROM_SOURCE=1 always runs the sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist', 'cli', 'main.js');

/** Whether any source file under these folders changed after `time` (milliseconds). */
function changedSince(time, folders) {
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts') && statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs > time) return true;
    }
  }
  return false;
}

const useBundle = process.env.KOPA_FROM_SOURCE !== '1' && existsSync(bundle) && !changedSince(statSync(bundle).mtimeMs, ['main', 'native']);
let main;
if (useBundle) {
  ({ main } = await import(bundle));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../main/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
