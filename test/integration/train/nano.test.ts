// KOPA-Nano's recipe in miniature, through the engine: a synthesized dataset becomes the text the app shows the model
// (ChatML, grammar mode, the tools one line each), a tokenizer and a few optimizer steps of a tiny decoder on Debian's
// torch, a GGUF that llama.cpp runs token for token as torch does on held-out prompts, and a registered model the
// agent loop runs with the prompt it was trained on, a value it must copy held by the grammar to the question's words;
// then GRPO from it: sampled attempts, their advantages, a resumable run, and an update that goes the advantage's way. Skipped, saying why, where no Python can import torch.
import { copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { runTrainer, trainingPythonOrNull } from '../../../main/engine/train/nano/trainerProcess.ts';
import { corpusText, type CorpusSegment } from '../../../main/core/train/nano/nanoCorpus.ts';
import { releaseAfterTest } from '../../helpers/release.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';
import { runKopa } from '../../helpers/runCli.ts';

const python = trainingPythonOrNull(process.env);

describe.skipIf(!python)(
  `KOPA-Nano's recipe (${python ?? 'no Python with torch and sentencepiece: apt-get install python3-torch python3-sentencepiece'})`,
  () => {
    it('trains a tiny model from a dataset, writes a GGUF llama.cpp runs as torch does, and chats with the prompt it learned', async () => {
      const engine = Engine.open({ dataDir: await verifiedDataDir(), host: 'test', emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
      releaseAfterTest(() => engine.dispose());
      await engine.call('synth.run', { count: 40, seed: 'nano', name: 'nano' });
      const tiny = { dataset: 'nano', name: 'nano-smoke', steps: 4, dim: 32, layers: 1, heads: 2, ffn: 64, vocab: 1024, batchTokens: 4096 };
      const first = await engine.call('train.nano', tiny);
      expect(first).toMatchObject({ step: 4, steps: 4, parity: { prompts: 3, equal: 3 }, model: { name: 'nano-smoke' } });
      expect(first.parameters).toBeGreaterThan(0);
      // The same command with more steps resumes from the checkpoint.
      const more = await engine.call('train.nano', { ...tiny, steps: 6 });
      expect(more).toMatchObject({ step: 6, parity: { equal: 3 } });
      // Asked again at its end, the finished run says its held-out loss again without reading the held-out set again.
      const again = await engine.call('train.nano', { ...tiny, steps: 6 });
      expect(again).toMatchObject({ step: 6, validationLoss: more.validationLoss });
      const validations = readFileSync(path.join(again.runDir, 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { event: string; reused?: boolean })
        .filter((e) => e.event === 'validation');
      expect(validations.map((e) => e.reused)).toEqual([false, false, true]);

      // Trajectory diversification: each alternative that reached a sample's answer is taught too, held-out
      // questions still alone; a run started one way is not silently continued the other. This run also learns
      // results with each value beside its field's name (named rows).
      const diverse = await engine.call('train.nano', { ...tiny, name: 'nano-all', steps: 1, trajectories: 'all', resultRows: 'named' });
      const corpus = (file: string): { ordinal: number; segments: CorpusSegment[] }[] =>
        readFileSync(path.join(diverse.runDir, file), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { ordinal: number; segments: CorpusSegment[] });
      const taught = corpus('train.jsonl');
      const ordinals = new Set(taught.map((l) => l.ordinal));
      expect(taught.length).toBeGreaterThan(ordinals.size);
      const twice = taught.filter((l) => taught.filter((m) => m.ordinal === l.ordinal).length > 1);
      expect(new Set(twice.map((l) => corpusText(l.segments))).size).toBe(twice.length);
      expect(corpus('val.jsonl').length).toBe(new Set(corpus('val.jsonl').map((l) => l.ordinal)).size);
      await expect(engine.call('train.nano', { ...tiny, name: 'nano-all', steps: 2, trajectories: 'one' })).rejects.toThrow(/--trajectories/);
      await expect(engine.call('train.nano', { ...tiny, name: 'nano-all', steps: 2, trajectories: 'all' })).rejects.toThrow(/--result-rows/);
      // Named rows are what it read in training, what its file records, and what a chat shows it.
      const read = taught.map((l) => corpusText(l.segments)).join('\n');
      expect(read).toContain('"data":[{"');
      expect(read).not.toContain('"fields":[');
      expect(await engine.call('models.inspect', { ref: 'nano-all' })).toMatchObject({ trainedResultRows: 'named' });
      const named = await engine.call('agent.run', {
        question: '서울 종로구 청운동의 법정동 코드가 뭐예요?',
        model: 'nano-all',
        tools: ['mois.getStanReginCdList'],
        queryTool: false,
        firstToolChoice: 'required',
        maxSteps: 2,
      });
      const shown = (await engine.call('chats.get', { id: named.chatId })).messages.filter((m) => m.role === 'tool');
      expect(shown[0]?.content).toMatch(/^\{"result":"r1".*"data":\[\{"/);
      const namedRun = await engine.call('bench.run', { suite: 'kopa', tasks: ['cal-01'], model: 'nano-all', maxSteps: 2 });
      const namedReport = JSON.parse((await engine.call('bench.report', { run: namedRun.runId, format: 'json' })).content) as {
        manifest: { view: { rows?: string } };
      };
      expect(namedReport.manifest.view.rows).toBe('named');

      // What it learned from is what the app shows it: the chat's prompt is the corpus's text up to the model's turn.
      const held = JSON.parse(readFileSync(path.join(first.runDir, 'val.jsonl'), 'utf8').split('\n')[0]!) as { segments: CorpusSegment[] };
      const prompt = corpusText(
        held.segments.slice(
          0,
          held.segments.findIndex((s) => s.train),
        ),
      );
      expect(prompt).toContain('- final_answer(answer, message): ');
      const inspected = await engine.call('models.inspect', { ref: 'nano-smoke' });
      expect(inspected).toMatchObject({ toolCallSupport: { mode: 'grammar' }, trainedResultTokens: 256, trainedResultRows: 'columns' });
      // A benchmark shows it results as it learned to read them, as the chat does, not the standard view's 1,024 tokens.
      const run = await engine.call('bench.run', { suite: 'kopa', tasks: ['cal-01'], model: 'nano-smoke', maxSteps: 2 });
      const report = JSON.parse((await engine.call('bench.report', { run: run.runId, format: 'json' })).content) as {
        manifest: { view: { resultTokens: number } };
      };
      expect(report.manifest.view.resultTokens).toBe(256);

      // Whatever its weights, the grammar holds a place it must copy to the region the question names, whole.
      const question = '서울 종로구 청운동의 법정동 코드가 뭐예요?';
      const episode = await engine.call('agent.run', {
        question,
        model: 'nano-smoke',
        tools: ['mois.getStanReginCdList'],
        queryTool: false,
        firstToolChoice: 'required',
        maxSteps: 2,
      });
      expect(episode.backend).toMatch(/#grammar$/);
      expect(episode.calls[0]).toMatchObject({ tool: 'mois.getStanReginCdList' });
      expect(episode.calls[0]!.arguments.locatadd_nm).toBe('서울특별시 종로구 청운동');

      // GRPO from that run: attempts sampled as a chat runs them, scored, and the policy moved by their advantages.
      // A run restored from its kept folder (kopa train recipe) has SentencePiece's model without its side vocabulary.
      rmSync(path.join(engine.dataDir, 'train', 'nano', 'nano-smoke', 'tokenizer.vocab'));
      const grpoParams = { from: 'nano-smoke', iterations: 1, prompts: 2, groupSize: 2, maxSteps: 2, evalEvery: 1, evalPrompts: 2 };
      const grpo = await engine.call('train.nanoGrpo', grpoParams);
      expect(grpo).toMatchObject({ iterations: 1, parity: { prompts: 3, equal: 3 }, model: { name: 'nano-smoke-grpo' } });
      expect(grpo.curve).toEqual([expect.objectContaining({ iteration: 0, attempts: 4 })]);
      // Held-out questions asked of the supervised model before the first update and of the policy after the last.
      expect(grpo.heldOut.map((p) => [p.iteration, p.prompts])).toEqual([
        [0, 2],
        [1, 2],
      ]);
      const attempts = readFileSync(path.join(grpo.runDir, 'rollouts', 'iteration-0000.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { sample: number; advantage: number; segments: CorpusSegment[] });
      // Each attempt is written as the model read it: the prompt it was trained on, then its own turns to learn from.
      for (const a of attempts) {
        expect(corpusText(a.segments)).toContain('- final_answer(answer, message): ');
        expect(a.segments.some((s) => s.train)).toBe(true);
      }
      // Advantages are within each group: they sum to zero per question.
      for (const sample of new Set(attempts.map((a) => a.sample)))
        expect(attempts.filter((a) => a.sample === sample).reduce((sum, a) => sum + a.advantage, 0)).toBeCloseTo(0, 6);
      // More iterations go on from the last: the first is kept as it was, not sampled again.
      const resumed = await engine.call('train.nanoGrpo', { ...grpoParams, iterations: 2 });
      expect(resumed.curve.map((p) => p.iteration)).toEqual([0, 1]);
      expect(resumed.curve[0]).toEqual(grpo.curve[0]);
      expect(resumed.heldOut.map((p) => p.iteration)).toEqual([0, 1, 2]);
      await expect(engine.call('train.nanoGrpo', { ...grpoParams, temperature: 0.5 })).rejects.toThrow(/other settings/);

      // Each model says how it learned: the supervised loss curve, and the GRPO run's rewards beside it.
      const supervised = await engine.call('train.history', { ref: 'nano-smoke' });
      expect(supervised).toMatchObject({ kind: 'supervised', dataset: 'nano', from: null, grpo: [] });
      expect(supervised!.loss.at(-1)!.step).toBe(6);
      const tuned = await engine.call('train.history', { ref: 'nano-smoke-grpo' });
      expect(tuned).toMatchObject({ kind: 'grpo', from: 'nano-smoke', loss: supervised!.loss });
      expect(tuned!.grpo.map((p) => p.iteration)).toEqual([0, 1]);
      expect(tuned!.heldOut).toEqual(resumed.heldOut);
      for (const p of tuned!.grpo) {
        // The mean reward lies between what wrong and right answers earned (each where there were any).
        const sides = [p.solvedReward, p.unsolvedReward].filter((v): v is number => v !== null);
        expect(p.reward).toBeGreaterThanOrEqual(Math.min(...sides) - 1e-9);
        expect(p.reward).toBeLessThanOrEqual(Math.max(...sides) + 1e-9);
      }
      expect(tuned!.watched.every((a) => a.iteration === 1 && a.written.startsWith('{'))).toBe(true);

      // The update goes the advantage's way: an attempt rewarded above its group becomes likelier, one below less likely.
      const scripts = path.join(engine.resourcesDir, 'train', 'nano');
      const work = tempDir();
      for (const file of ['tokenizer.model', 'reference.pt']) copyFileSync(path.join(grpo.runDir, file), path.join(work, file));
      copyFileSync(path.join(grpo.runDir, 'reference.pt'), path.join(work, 'checkpoint.pt'));
      const batch = path.join(work, 'batch.jsonl');
      writeFileSync(batch, [1, -1].map((advantage, i) => JSON.stringify({ ...attempts[i], advantage })).join('\n'));
      const nano = async (args: string[]) => (await runTrainer({ python: python!, scripts, args })).at(-1)!;
      const score = async () => (await nano(['score', '--out', work, '--corpus', batch])).logProbs as number[];
      const before = await score();
      await nano(['grpo', '--out', work, '--reference', path.join(work, 'reference.pt'), '--batch', batch, '--iteration', '0', '--lr', '0.01', '--beta', '0']);
      const after = await score();
      expect(after[0]!).toBeGreaterThan(before[0]!);
      expect(after[1]!).toBeLessThan(before[1]!);
      // The same iteration asked again (a run resumed after a crash) is not applied twice.
      expect(await nano(['grpo', '--out', work, '--reference', path.join(work, 'reference.pt'), '--batch', batch, '--iteration', '0'])).toMatchObject({
        skipped: true,
      });
    }, 600_000);

    it('retrains a model from its recipe with one command, keeps it small enough to commit, and goes on from it on a machine that has only that folder', async () => {
      const dir = tempDir();
      // Past a progress report (every 10 steps), as a real run goes.
      const recipe = {
        name: 'nano-recipe',
        synth: { name: 'nano-r', seed: 'nano-r', count: 30, now: '2025-03-04T01:00:00Z' },
        train: { steps: 12, dim: 32, layers: 1, heads: 2, ffn: 64, vocab: 1024, batchTokens: 4096 },
      };
      writeFileSync(path.join(dir, 'recipe.json'), JSON.stringify(recipe));
      const firstDir = await verifiedDataDir();
      const here = await runKopa(['--json', '--data-dir', firstDir, 'train', 'recipe', dir]);
      expect(here.code, here.stderr).toBe(0);
      expect(JSON.parse(here.stdout)).toMatchObject({ step: 12, model: { name: 'nano-recipe' }, kept: { sameCorpus: true } });
      // The weights in half precision without the optimizer's moments: a sixth of the checkpoint.
      const run = (data: string): string => path.join(data, 'train', 'nano', 'nano-recipe');
      expect(statSync(path.join(dir, 'kept.pt')).size).toBeLessThan(statSync(path.join(run(firstDir), 'checkpoint.pt')).size / 4);
      expect(JSON.parse(readFileSync(path.join(dir, 'dataset.json'), 'utf8'))).toMatchObject({ dataset: { name: 'nano-r', seed: 'nano-r' } });

      // Another machine, another day: the dataset is synthesized again from its seed as of the recipe's moment, and
      // the run goes on from the kept folder alone.
      writeFileSync(path.join(dir, 'recipe.json'), JSON.stringify({ ...recipe, train: { ...recipe.train, steps: 14 } }));
      const otherDir = await verifiedDataDir();
      const elsewhere = await runKopa(['--data-dir', otherDir, 'train', 'recipe', dir]);
      expect(elsewhere.code, elsewhere.stderr).toBe(0);
      expect(elsewhere.stdout).toMatch(/step 14 of 14/);
      expect(elsewhere.stdout).toContain(`Kept in ${dir}: commit it`);
      // The same seed wrote the same corpus, and the run went on from step 12.
      expect(readFileSync(path.join(run(otherDir), 'tokenizer.model'))).toEqual(readFileSync(path.join(dir, 'tokenizer.model')));
      const events = readFileSync(path.join(run(otherDir), 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { event: string; step?: number; resumedFrom?: string | null });
      expect(events.filter((e) => e.event === 'start').map((e) => [e.step, e.resumedFrom])).toEqual([
        [0, null],
        [12, 'kept'],
      ]);
      // The loss curve is whole: the steps learned on the first machine are drawn with those of the second.
      const engine = Engine.open({ dataDir: otherDir, host: 'test', emulator: { now: () => TEST_NOW } });
      releaseAfterTest(() => engine.dispose());
      const history = await engine.call('train.history', { ref: 'nano-recipe' });
      expect(history!.loss.map((p) => p.step)).toEqual(expect.arrayContaining([10, 12, 14]));

      writeFileSync(path.join(dir, 'recipe.json'), JSON.stringify({ ...recipe, synth: { ...recipe.synth, now: 'tomorrow' } }));
      const bad = await runKopa(['--data-dir', await verifiedDataDir(), 'train', 'recipe', dir]);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/recipe\.json cannot be used: synth\.now/);
    }, 600_000);
  },
);
