// How many 시군구 intent synthesis draws the names its questions state from (`places`): a model trained on a set
// drawn from a few learns their names by heart (30,000 samples of the default 24 named 37 tourist places in all), so a
// larger set asks for more, and the dataset records what it was asked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileEngine } from '../../helpers/engine.ts';
import { fileTempDir } from '../../helpers/tempDir.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';

/** The 시군구 of the road addresses the samples' requests state ("서울특별시 종로구 세종대로 209" → "서울특별시 종로구"). */
const addressRegions = (samples: SynthSample[]): Set<string> =>
  new Set(
    samples.flatMap((s) =>
      s.walk.steps.flatMap((step) => step.mentions.filter((m) => m.tag === 'address.road').map((m) => String(m.value).split(' ').slice(0, 2).join(' '))),
    ),
  );

describe('kopa synth --places', () => {
  it('states names from as many 시군구 as asked, and records the number with the dataset', async () => {
    const engine = fileEngine({ dataDir: await verifiedDataDir({ keep: 'file' }), emulator: { now: () => TEST_NOW } });
    const few = await engine.call('synth.run', { count: 80, seed: 'places', places: 2, name: 'few-places' });
    const many = await engine.call('synth.run', { count: 80, seed: 'places', places: 60, name: 'many-places' });
    const repo = new DatasetRepository(engine.store.db);
    const fewRegions = addressRegions(repo.samples(few.summary.dataset.id));
    const manyRegions = addressRegions(repo.samples(many.summary.dataset.id));
    expect(fewRegions.size).toBeLessThanOrEqual(2);
    expect(manyRegions.size).toBeGreaterThan(8);
    expect(repo.byName('many-places')?.params).toMatchObject({ places: 60 });
    // The card counts the names the requests state, and its command makes the same dataset again.
    expect(many.summary.statedValues?.['address.road']).toBeGreaterThan(few.summary.statedValues?.['address.road'] ?? 0);
    const out = path.join(fileTempDir(), 'many.jsonl');
    const exported = await engine.call('synth.export', { dataset: 'many-places', out, format: 'openai' });
    const card = readFileSync(exported.card, 'utf8');
    expect(card).toMatch(/distinct values the requests state, by kind: .*address\.road \d+/);
    expect(card).toContain(`kopa synth --count 80 --places 60 --max-steps 5 --seed places`);
    await expect(engine.call('synth.run', { count: 10, strategy: 'walk', places: 10 })).rejects.toThrow(/places/);
  }, 300_000);
});
