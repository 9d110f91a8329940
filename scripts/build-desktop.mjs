// Bundles the Electron side: main (ESM), the sandboxed preload (CommonJS, as Electron requires) and the engine
// for the utility process. Native modules stay external: node-llama-cpp's binaries and better-sqlite3's binding
// must remain files on disk. Where an Electron binary is installed, it also builds better-sqlite3 for Electron's
// ABI into dist/native-electron, leaving node_modules built for Node (which the CLI and tests use).
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'desktop');
const external = ['electron', 'node-llama-cpp', 'better-sqlite3'];
const common = { bundle: true, platform: 'node', target: 'node22', sourcemap: true, external, logLevel: 'warning', absWorkingDir: root };
// Bundled ESM has no require(); some dependencies (ws) still call it.
const requireShim = "import { createRequire as __kopaCreateRequire } from 'node:module'; const require = __kopaCreateRequire(import.meta.url);";

await Promise.all([
  build({ ...common, entryPoints: ['main/desktop/main.ts'], outfile: path.join(out, 'main.mjs'), format: 'esm', banner: { js: requireShim } }),
  build({ ...common, entryPoints: ['main/desktop/preload.ts'], outfile: path.join(out, 'preload.cjs'), format: 'cjs' }),
  build({ ...common, entryPoints: ['main/host/utilityProcessEntry.ts'], outfile: path.join(out, 'engine.mjs'), format: 'esm', banner: { js: requireShim } }),
  // The model inspector, a child process of the engine's (native/llama/ggufInspect.ts finds it beside engine.mjs).
  build({
    ...common,
    entryPoints: ['native/llama/ggufInspectWorker.ts'],
    outfile: path.join(out, 'ggufInspectWorker.mjs'),
    format: 'esm',
    banner: { js: requireShim },
  }),
  // Worker threads of the engine, found beside engine.mjs: each model's chat template (native/llama/boundedTemplate.ts)
  // and the reward scorer (main/engine/train/reward/rewardThread.ts).
  ...[
    ['templateWorker', 'native/llama/templateWorker.ts'],
    ['rewardWorker', 'main/engine/train/reward/rewardWorker.ts'],
  ].map(([name, entry]) => build({ ...common, entryPoints: [entry], outfile: path.join(out, `${name}.mjs`), format: 'esm', banner: { js: requireShim } })),
]);
console.log(`desktop bundles written to ${path.relative(root, out)}`);

function electronBinaryInstalled() {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

async function buildElectronSqlite() {
  const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const target = path.join(root, 'dist', 'native-electron');
  const stamp = path.join(target, 'electron-version.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) return;
  const work = path.join(target, 'work');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'node_modules'), { recursive: true });
  cpSync(path.join(root, 'node_modules', 'better-sqlite3'), path.join(work, 'node_modules', 'better-sqlite3'), { recursive: true });
  writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'kopa-native-electron', private: true, dependencies: { 'better-sqlite3': '*' } }));
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({ buildPath: work, electronVersion, onlyModules: ['better-sqlite3'], force: true });
  copyFileSync(path.join(work, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), path.join(target, 'better_sqlite3.node'));
  writeFileSync(stamp, electronVersion);
  rmSync(work, { recursive: true, force: true });
  console.log(`better-sqlite3 built for Electron ${electronVersion} in ${path.relative(root, target)}`);
}

if (electronBinaryInstalled()) {
  try {
    await buildElectronSqlite();
  } catch (error) {
    console.warn(`warning: could not build better-sqlite3 for Electron (${error.message}); the desktop app needs it, browser mode does not.`);
  }
}
