// Bundles the `kopa` CLI into dist/cli, split so that each command loads only what it uses: `--help` and
// `--version` load the command definitions alone, the engine comes in when a command first opens it. bin/kopa.mjs
// runs this bundle when it is newer than every source file, and the TypeScript sources (through tsx) otherwise.
// Native modules stay external, as in the desktop bundles.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'cli');
// Bundled ESM has no require(); some dependencies (ws, commander's helpers) still call it.
const requireShim = "import { createRequire as __kopaCreateRequire } from 'node:module'; const require = __kopaCreateRequire(import.meta.url);";

rmSync(out, { recursive: true, force: true });
await build({
  // The model inspector runs as a child process of its own, the reward scorer and each model's chat template as worker
  // threads; each is found beside the chunk that starts it (native/llama/ggufInspect.ts,
  // main/engine/train/reward/rewardThread.ts, native/llama/boundedTemplate.ts).
  entryPoints: {
    main: 'main/cli/main.ts',
    ggufInspectWorker: 'native/llama/ggufInspectWorker.ts',
    rewardWorker: 'main/engine/train/reward/rewardWorker.ts',
    templateWorker: 'native/llama/templateWorker.ts',
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['electron', 'node-llama-cpp', 'better-sqlite3'],
  banner: { js: requireShim },
  logLevel: 'warning',
  absWorkingDir: root,
});
// Every file of the bundle sits two folders below the root, as the sources do, so their paths to resources/ hold.
writeFileSync(path.join(out, 'package.json'), JSON.stringify({ type: 'module' }));
console.log(`CLI bundle written to ${path.relative(root, out)}`);
