// Closing the engine closes what it owns, each owner what it owns: long work, the loaded models and then the llama.cpp
// runtime under them, the gateway, the emulator, and the database last, so nothing is left holding a file or a port.
import { describe, expect, it } from 'vitest';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { testEngine } from '../../helpers/engine.ts';

describe('Engine disposal', () => {
  it('unloads the models, closes their runtime, the emulator and the database', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
    const path = await writeTinyLlama();
    const model = await engine.modelHost().local({ path, contextSize: 256 });
    const runtime = await engine.llama();
    const emulator = await engine.emulator();
    expect((await model.complete('안녕', { maxTokens: 2, temperature: 0 })).text).toBeTypeOf('string');

    await engine.dispose();
    await expect(runtime.loadModel({ modelPath: path, contextSize: 256 })).rejects.toMatchObject({ code: 'Disposed' });
    await expect(engine.llama()).rejects.toMatchObject({ code: 'Disposed' });
    await expect(fetch(`http://127.0.0.1:${emulator.port}/`)).rejects.toThrow();
    expect(engine.store.db.open).toBe(false);
    // Closing twice is harmless (the shell and a test's release may both close it).
    await engine.dispose();
  }, 120_000);
});
