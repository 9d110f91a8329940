// What one model file holds in memory while loaded: its weights once, however many contexts (the plain model, a
// tuned variant with adapters, a bench's batch of sequences) sit over them.
import type { LoadedModel } from '../../../../main/api/contract.ts';

export interface MemoryInUse {
  /** Weights and every context together. */
  ram: number;
  vram: number;
  weights: { ram: number; vram: number };
  contexts: { ram: number; vram: number; count: number };
}

/** The memory of the loaded entries of one file; undefined when none is loaded. */
export function memoryInUse(entries: readonly LoadedModel[]): MemoryInUse | undefined {
  const first = entries[0];
  if (!first) return undefined;
  const made = entries.flatMap((e) => (e.contextMemory ? [e.contextMemory] : []));
  const contexts = { ram: made.reduce((sum, m) => sum + m.ram, 0), vram: made.reduce((sum, m) => sum + m.vram, 0), count: made.length };
  return { ram: first.weightsMemory.ram + contexts.ram, vram: first.weightsMemory.vram + contexts.vram, weights: { ...first.weightsMemory }, contexts };
}
