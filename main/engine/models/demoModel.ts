// A model for a first look on a workstation that has none yet: KOPA-Nano, the 4.2 M-parameter model trained on this
// product's own synthesized data (training/kopa-nano, resources/models/README.md), shipped in resources/ and copied into
// the data folder when asked for. It calls the catalog's tools in grammar mode and commits an answer in a second or
// two on a CPU; it answers right only some of the time, and the Models view and the CLI say how often.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModelInfo, Progress } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { ModelRegistry } from './ModelRegistry.ts';

/** The name the demo model is registered and shown by ("demo" and "kopa-nano" find it too). */
export const DEMO_MODEL_NAME = 'KOPA-Nano';

/** The shipped file, under the app's resources folder. */
export const DEMO_MODEL_FILE = path.join('models', 'kopa-nano.gguf');

export interface DemoModelOptions {
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

/** The demo model, copied and registered on first use; later calls return the registered one. */
export async function demoModel(registry: ModelRegistry, resourcesDir: string, options: DemoModelOptions = {}): Promise<ModelInfo> {
  const known = registry.list().find((m) => m.name === DEMO_MODEL_NAME);
  if (known) return known;
  const file = path.join(resourcesDir, DEMO_MODEL_FILE);
  if (!existsSync(file)) throw saidError('NotFound', { message: 'error.demoMissing', hint: 'error.demoMissing.hint', vars: { file } });
  options.onProgress?.({ stage: 'copy', message: 'copying the demo model KOPA-Nano', said: { key: 'job.msg.demo' } });
  return registry.add(file, { copy: true, name: DEMO_MODEL_NAME, onProgress: options.onProgress, signal: options.signal });
}
