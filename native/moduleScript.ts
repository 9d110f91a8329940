// Code that runs beside the engine (a child process, a worker thread) is a module of its own: in a bundle it is
// built beside the chunk that starts it, in a checkout it is the TypeScript source, which needs tsx to run.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface ModuleScript {
  file: string;
  /** Whether it is the TypeScript source (a checkout), which runs only with tsx's loader registered. */
  typescript: boolean;
}

/** The module at `base` (no extension): the bundle's build of it, or the TypeScript source. */
export function moduleScript(base: URL): ModuleScript {
  for (const extension of ['.js', '.mjs']) {
    const file = fileURLToPath(`${base.href}${extension}`);
    if (existsSync(file)) return { file, typescript: false };
  }
  return { file: fileURLToPath(`${base.href}.ts`), typescript: true };
}

/** A checkout's worker: tsx's loader registered in the thread, then the module (a worker has no --import). */
const TYPESCRIPT_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.boot.tsx).then((tsx) => { tsx.register(); return import(workerData.boot.script); });
`;

/** tsx's ESM API as its package exports it (its CommonJS build cannot register the hooks from an eval'd worker). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}

/** A worker thread running the module at `base` (no extension), given `data` as its workerData.data. */
export function moduleWorker(base: URL, data: unknown, resourceLimits?: ResourceLimits): Worker {
  const { file, typescript } = moduleScript(base);
  const limits = resourceLimits ? { resourceLimits } : {};
  if (!typescript) return new Worker(file, { workerData: { data }, ...limits });
  const tsx = tsxEsmApi();
  return new Worker(TYPESCRIPT_BOOT, { eval: true, workerData: { data, boot: { tsx, script: pathToFileURL(file).href } }, ...limits });
}
