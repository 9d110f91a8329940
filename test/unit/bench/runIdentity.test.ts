// One identity for a run: the id and the resume check read the same settings, so a changed LoRA scale, chat
// template, context size or scoring rule is a different run, never a resume that mixes two configurations.
import { describe, expect, it } from 'vitest';
import { identityChanges, runIdentity, type IdentitySource } from '../../../main/core/bench/runIdentity.ts';

const base: IdentitySource = {
  suite: { name: 'kopa', version: '2', hash: 'abc', tasks: 145 },
  model: { ref: 'm.gguf', backend: 'llama.cpp', sha256: 'f00', quantization: 'Q4_K_M', chatTemplate: 'Qwen', file: '/m.gguf', lora: ['a.gguf'] },
  sampling: { samples: 1, temperature: 0, maxTokens: null, maxSteps: 10, seed: 1 },
  backend: { mode: 'emulator', snapshot: null, snapshotHash: null, emulatorSeed: 1 },
  view: { resultTokens: 1024, maxChars: 4000, queryTool: true },
  scoring: 2,
};

describe('run identity', () => {
  it('names every setting that changes what the model does or how it is scored', () => {
    expect(identityChanges(base, { ...base, model: { ...base.model, loraScale: 0.5 } })).toEqual(['model.loraScale']);
    expect(identityChanges(base, { ...base, model: { ...base.model, chatTemplate: 'JinjaTemplate' } })).toEqual(['model.chatTemplate']);
    expect(identityChanges(base, { ...base, model: { ...base.model, contextSize: 8192 } })).toEqual(['model.contextSize']);
    expect(identityChanges(base, { ...base, sampling: { ...base.sampling, temperature: 0.7 } })).toEqual(['sampling.temperature']);
    expect(identityChanges(base, { ...base, view: { ...base.view, queryTool: false } })).toEqual(['view.queryTool']);
    expect(identityChanges(base, { ...base, scoring: 1 })).toEqual(['scoring']);
  });

  it('treats a scale of 1 as the adapter as trained, the same run as no scale given', () => {
    expect(identityChanges(base, { ...base, model: { ...base.model, loraScale: 1 } })).toEqual([]);
    expect(JSON.stringify(runIdentity(base))).toBe(JSON.stringify(runIdentity({ ...base, model: { ...base.model, loraScale: 1 } })));
  });
});
