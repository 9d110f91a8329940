// A model for a first look on a workstation that has none yet: a tiny llama-architecture GGUF with random weights,
// written into the data folder and registered under a name that says so. It exercises the whole path (load, chat,
// tool-call grammar, evaluation) in seconds on a CPU; what it says is noise, and every place its name shows says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModelInfo, Progress } from '../../api/contract.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import type { ModelRegistry } from './ModelRegistry.ts';

/** The name the demo model is registered and shown by. */
export const DEMO_MODEL_NAME = 'kopa-demo (random weights · 무작위 가중치)';

/**
 * Room for a chat's first turn: every byte is a token in its vocabulary, so a question with its offered tools takes
 * about three times the tokens a real tokenizer needs.
 */
const DEMO_CONTEXT = 32_768;

/** The demo model, written and registered on first use; later calls return the registered one. */
export async function demoModel(registry: ModelRegistry, options: { onProgress?: (p: Progress) => void; signal?: AbortSignal } = {}): Promise<ModelInfo> {
  const known = registry.list().find((m) => m.name === DEMO_MODEL_NAME);
  if (known) return known;
  const dir = mkdtempSync(path.join(tmpdir(), 'kopa-demo-'));
  try {
    options.onProgress?.({ stage: 'write', message: 'writing the demo model (random weights)', said: { key: 'job.msg.demo' } });
    const file = await writeTinyLlama({ dir, name: 'kopa-demo-random-weights', contextLength: DEMO_CONTEXT });
    return await registry.add(file, { copy: true, name: DEMO_MODEL_NAME, onProgress: options.onProgress, signal: options.signal });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
