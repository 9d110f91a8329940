// Loading a local model with chosen settings: the context size and GPU layers asked for are what llama.cpp got, and
// a later use that leaves them open (a chat, a bench run) takes the model as it is loaded instead of loading the
// weights again with the defaults; other settings make a load of their own.
import { describe, expect, it } from 'vitest';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';

describe('loading a local model with settings', () => {
  it('loads with the asked context size and GPU layers, and reuses that load where the settings are left open', async () => {
    const engine = testEngine({ llama: { gpu: false, threads: 1 } });
    const model = await writeTinyLlama();
    const first = await engine.call('models.load', { ref: model, contextSize: 1024, gpuLayers: 0 });
    expect(first).toMatchObject({ path: model, contextSize: 1024, gpuLayers: 0, sequences: 1, gpu: false });
    const again = await engine.call('models.load', { ref: model });
    expect(again).toMatchObject({ contextSize: 1024 });
    expect(await engine.call('models.loaded', {})).toHaveLength(1);
    const other = await engine.call('models.load', { ref: model, contextSize: 512 });
    expect(other.contextSize).toBe(512);
    expect((await engine.call('models.loaded', {})).map((m) => m.contextSize).sort()).toEqual([1024, 512].sort());
  }, 120_000);

  it('refuses GPU layers that are not a count, "auto" or "max"', async () => {
    const engine = testEngine();
    const refused = await engine.call('models.load', { ref: 'x.gguf', gpuLayers: 'most' as never }).catch((e: unknown) => e);
    expect((refused as Error).message).toContain('gpuLayers');
  });
});
