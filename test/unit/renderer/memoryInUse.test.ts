// The Models card's memory line: a file's weights count once, however many contexts (base, tuned, batched) use them.
import { describe, expect, it } from 'vitest';
import type { LoadedModel } from '../../../main/api/contract.ts';
import { memoryInUse } from '../../../renderer/src/views/models/memoryInUse.ts';

const MiB = 1024 * 1024;
const entry = (lora: string[], context: { ram: number; vram: number } | null): LoadedModel => ({
  id: 'm1',
  name: 'qwen',
  path: '/models/qwen.gguf',
  contextSize: 4096,
  sequences: 1,
  lora,
  gpuLayers: 20,
  gpu: 'cuda',
  sizeBytes: 900 * MiB,
  weightsMemory: { ram: 100 * MiB, vram: 800 * MiB },
  contextMemory: context,
});

describe('memory in use', () => {
  it('counts the weights once and adds every context made over them', () => {
    const memory = memoryInUse([entry([], { ram: 10 * MiB, vram: 60 * MiB }), entry(['/a.gguf'], { ram: 12 * MiB, vram: 64 * MiB })]);
    expect(memory).toEqual({
      ram: 122 * MiB,
      vram: 924 * MiB,
      weights: { ram: 100 * MiB, vram: 800 * MiB },
      contexts: { ram: 22 * MiB, vram: 124 * MiB, count: 2 },
    });
  });

  it('leaves out a context not made yet, and says nothing of a file not loaded', () => {
    expect(memoryInUse([entry([], null)])).toMatchObject({ ram: 100 * MiB, vram: 800 * MiB, contexts: { count: 0 } });
    expect(memoryInUse([])).toBeUndefined();
  });
});
