// The paraphrase pass of intent synthesis: a model's rewrite replaces the templated request only when it passes
// the same gates. Planted rewrites (a scripted model) show each verdict; the tiny GGUF shows the real llama.cpp
// path end to end, where a grammar makes even random weights answer with a well-formed rewrite_request call.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseText } from '../../../main/core/text/koreanText.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';
import { fileEngine } from '../../helpers/engine.ts';

let dir: string;
let engine: Engine;
let templates: SynthSample[];

const samplesOf = (id: number): SynthSample[] => new DatasetRepository(engine.store.db).samples(id);

beforeAll(async () => {
  dir = await verifiedDataDir({ keep: 'file' });
  engine = fileEngine({ dataDir: dir, emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
  const plain = await engine.call('synth.run', { count: 6, seed: 'para', name: 'templates' });
  templates = samplesOf(plain.summary.dataset.id);
}, 300_000);

describe('kopa synth --paraphrase-model', () => {
  it('keeps a rewrite only when it passes every gate, and counts why the others were refused', async () => {
    const said = (s: SynthSample): string => s.walk.steps.flatMap((st) => st.mentions.map((m) => m.text)).find((text) => s.query.includes(text))!;
    const rewrites = [
      { toolCalls: [{ name: 'rewrite_request', arguments: { request: `혹시 ${templates[0]!.query}` } }] },
      { toolCalls: [{ name: 'rewrite_request', arguments: { request: templates[1]!.query.replace(said(templates[1]!), '거기') } }] },
      { toolCalls: [{ name: 'rewrite_request', arguments: { request: templates[2]!.query } }] },
      { text: '모르겠어요' },
      { toolCalls: [{ name: 'rewrite_request', arguments: { request: `혹시 ${templates[4]!.query}` } }] },
      { toolCalls: [{ name: 'rewrite_request', arguments: { request: `혹시  ${templates[5]!.query}\n` } }] },
    ];
    const file = path.join(dir, 'rewrites.jsonl');
    writeFileSync(file, rewrites.map((r) => JSON.stringify(r)).join('\n'));

    const run = await engine.call('synth.run', { count: 6, seed: 'para', name: 'rewritten', paraphraseModel: `scripted:${file}` });
    const samples = samplesOf(run.summary.dataset.id);
    expect(samples.map((s) => s.intent)).toEqual(templates.map((s) => s.intent));
    expect(samples.map((s) => s.query)).toEqual([
      `혹시 ${templates[0]!.query}`,
      templates[1]!.query,
      templates[2]!.query,
      templates[3]!.query,
      `혹시 ${templates[4]!.query}`,
      `혹시 ${templates[5]!.query}`,
    ]);
    expect(samples.map((s) => s.paraphrasedFrom)).toEqual([templates[0]!.query, undefined, undefined, undefined, templates[4]!.query, templates[5]!.query]);
    expect(samples[0]!.phrasings).toEqual([samples[0]!.query, ...templates[0]!.phrasings]);
    expect(run.summary.card?.paraphrase).toEqual({ model: `scripted:${file}`, tried: 6, kept: 3, rejected: { stated: 1, unchanged: 1, noRewrite: 1 } });
  }, 300_000);

  it('runs the real llama.cpp path: every rewrite is a well-formed call, judged by the gates', async () => {
    const model = await writeTinyLlama();
    const run = await engine.call('synth.run', { count: 3, seed: 'para', name: 'tiny', paraphraseModel: model });
    const card = run.summary.card!.paraphrase!;
    expect(card.model).toMatch(/^llama:.*#grammar$/);
    expect(card.tried).toBe(3);
    expect(card.rejected.noRewrite ?? 0).toBe(0);
    expect(card.kept + Object.values(card.rejected).reduce((a, b) => a + b, 0)).toBe(3);
    const samples = samplesOf(run.summary.dataset.id);
    // Random weights do not keep the stated values: the templates stay, and a kept rewrite would still say them all.
    for (const s of samples) for (const m of s.walk.steps.flatMap((st) => st.mentions)) expect(normaliseText(s.query)).toContain(normaliseText(m.text));
  }, 300_000);

  it('refuses a paraphrase model with random walks, which have no template to rewrite', async () => {
    await expect(engine.call('synth.run', { count: 1, strategy: 'walk', paraphraseModel: 'scripted:none.jsonl' })).rejects.toMatchObject({ code: 'Usage' });
  });
});
