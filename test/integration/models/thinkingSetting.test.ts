// How a model file thinks is set per model, kept when the file is registered again, and refused for a server (which
// thinks as it is served).
import { describe, expect, it } from 'vitest';
import { isKopaError } from '../../../main/core/errors.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';

describe('a model file’s thinking', () => {
  it('is set on, off or to the template’s default, with a budget, and survives registering the file again', async () => {
    const engine = testEngine();
    const file = await writeTinyLlama();
    const model = await engine.call('models.add', { source: file });
    expect(model.thinking).toBeUndefined();
    const set = await engine.call('models.thinking', { ref: model.id, mode: 'off' });
    expect(set.thinking).toEqual({ mode: 'off' });
    expect((await engine.call('models.thinking', { ref: model.id, mode: 'on', thoughtTokens: 256 })).thinking).toEqual({ mode: 'on', thoughtTokens: 256 });
    expect((await engine.call('models.add', { source: file })).thinking).toEqual({ mode: 'on', thoughtTokens: 256 });
    const server = await engine.call('models.add', { source: 'openai:http://10.0.0.5:8000/v1', name: 'qwen3-8b' });
    const refused = await engine.call('models.thinking', { ref: server.id, mode: 'off' }).catch((e: unknown) => e);
    expect(isKopaError(refused, 'Usage')).toBe(true);
  });
});
