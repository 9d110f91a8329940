// A registered model is asked for by the name it is shown by as well as by its id or its file, wherever a model is
// asked for; a name two models share is refused with their ids; a suggestion is never what was typed.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

describe('model references', () => {
  it('resolve a registered model by its id, its name and its file', async () => {
    const engine = testEngine();
    const file = await writeTinyLlama({ contextLength: 4096 });
    const added = await engine.call('models.add', { source: file, name: 'kopa-tiny-llama' });
    for (const ref of [added.id, 'kopa-tiny-llama', file, 'Kopa Tiny Llama', 'KOPA_tiny-llama'])
      expect((await engine.call('models.inspect', { ref })).id, ref).toBe(added.id);
    // A shown name with a parenthesised gloss is found without it.
    const glossed = await engine.call('models.add', { source: await writeTinyLlama({ contextLength: 2048 }), name: 'Kopa Glossed (agency copy · 기관 사본)' });
    for (const ref of ['kopa-glossed', 'Kopa Glossed', 'KOPA_GLOSSED']) expect((await engine.call('models.inspect', { ref })).id, ref).toBe(glossed.id);
    // An evaluation takes the name as it takes the id (it was refused: "there is no model kopa-tiny-llama").
    const run = await engine.call('bench.run', { suite: 'kopa', model: 'kopa-tiny-llama', tasks: ['cal-01'], maxSteps: 2, maxTokens: 8 });
    expect((await engine.call('bench.runs', {})).map((r) => r.id)).toContain(run.runId);
    await engine.dispose();
  }, 240_000);

  it('suggest a close name, never the one typed, and refuse a name two models share', async () => {
    const engine = testEngine();
    const file = await writeTinyLlama();
    const other = path.join(tempDir(), 'other.gguf');
    copyFileSync(await writeTinyLlama({ contextLength: 4096 }), other);
    const a = await engine.call('models.add', { source: file, name: 'kopa-tiny-llama' });
    await expect(engine.call('models.inspect', { ref: 'kopa-tiny-lama' })).rejects.toThrow('There is no model "kopa-tiny-lama". Did you mean kopa-tiny-llama?');
    const b = await engine.call('models.add', { source: other, name: 'kopa-tiny-llama' });
    await expect(engine.call('models.inspect', { ref: 'kopa-tiny-llama' })).rejects.toThrow(`shared by several models: ${a.id}, ${b.id}`);
    const error = await engine.call('models.inspect', { ref: 'kopa-tiny-llama-9' }).catch((e: Error) => e.message);
    expect(error).not.toContain('Did you mean kopa-tiny-llama-9');
    await engine.dispose();
  }, 240_000);
});
