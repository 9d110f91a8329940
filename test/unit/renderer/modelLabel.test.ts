// Tables and sentences name a model as an analyst knows it: a registered model by its name, a file by its file name.
import { describe, expect, it } from 'vitest';
import { modelLabel } from '../../../renderer/src/modelLabel.ts';

const registered = [{ id: 'ede125924035', name: 'qwen2.5-7b-instruct' }];

describe('model label', () => {
  it('names a registered model, a file, a script and a Windows path by what a person recognises', () => {
    expect(modelLabel('ede125924035', registered)).toBe('qwen2.5-7b-instruct');
    expect(modelLabel('/srv/models/exaone-3.5-7.8b-q4_k_m.gguf', registered)).toBe('exaone-3.5-7.8b-q4_k_m.gguf');
    expect(modelLabel('scripted:/tmp/kopa-1234/runs/planted.jsonl', registered)).toBe('scripted:planted.jsonl');
    expect(modelLabel('C:\\models\\qwen.gguf', registered)).toBe('qwen.gguf');
  });

  it('keeps a server reference and the oracle as they are', () => {
    expect(modelLabel('openai:http://10.0.0.5:8000/v1#qwen', registered)).toBe('openai:http://10.0.0.5:8000/v1#qwen');
    expect(modelLabel('oracle', registered)).toBe('oracle');
  });
});
