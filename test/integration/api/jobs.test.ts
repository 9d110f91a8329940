// Long work as jobs through the engine API: started with an answer at once, watched by a client that joins late,
// cancelled, shown as interrupted after the engine that ran it stopped, and resumed to the result an uninterrupted
// run gives.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import type { JobInfo, Progress, SynthRunResult } from '../../../main/api/contract.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';
import type { JobStart } from '../../../main/api/contract.ts';

const frozen = { emulator: { now: () => TEST_NOW } };
const SYNTH = { count: 6, seed: 'jobs', asOf: TEST_NOW.toISOString() };

describe('jobs', () => {
  it('answers at once, streams progress to a watcher that joins late, and keeps the result', async () => {
    const engine = Engine.open({ dataDir: await verifiedDataDir(), host: 'test', ...frozen });
    try {
      const job = await engine.call('jobs.start', { method: 'synth.run', params: SYNTH });
      expect(job).toMatchObject({ method: 'synth.run', status: 'running', params: SYNTH, resumable: false });
      const seen: Progress[] = [];
      const done = await engine.call('jobs.watch', { id: job.id }, { onProgress: (p) => seen.push(p) });
      expect(done.status).toBe('done');
      expect((done.result as SynthRunResult).summary.kept).toBe(6);
      expect(seen.some((p) => p.stage === 'synthesize')).toBe(true);
      // Its card shows where it ended, not the last of its spaced-out writes.
      const last = seen.filter((p) => !p.agentEvent).at(-1);
      expect((await engine.call('jobs.list', {}))[0]!.progress).toEqual(last);
      expect((await engine.call('jobs.list', {})).map((j) => j.id)).toEqual([job.id]);
      // A finished job answers a watcher at once.
      expect((await engine.call('jobs.watch', { id: job.id })).status).toBe('done');
    } finally {
      await engine.dispose();
    }
  }, 120_000);

  it('refuses a method that is no job and parameters that are wrong, before making a job', async () => {
    const engine = Engine.open({ dataDir: tempDir(), host: 'test' });
    try {
      await expect(engine.call('jobs.start', { method: 'chats.list', params: {} } as unknown as JobStart)).rejects.toMatchObject({ code: 'InvalidRequest' });
      // A parameter the method does not take fails to compile, and is refused at run time all the same.
      // @ts-expect-error seeds is not a parameter of synth.run
      await expect(engine.call('jobs.start', { method: 'synth.run', params: { count: 5, seeds: 'x' } })).rejects.toMatchObject({ code: 'InvalidRequest' });
      await expect(engine.call('jobs.start', { method: 'synth.run', params: { count: -1 } })).rejects.toMatchObject({ code: 'InvalidRequest' });
      expect(await engine.call('jobs.list', {})).toEqual([]);
    } finally {
      await engine.dispose();
    }
  });

  it('a window that stops watching leaves the job running; a CLI that stops with stopJob cancels it and hears its end', async () => {
    const engine = Engine.open({ dataDir: await verifiedDataDir(), host: 'test', ...frozen });
    try {
      const job = await engine.call('jobs.start', { method: 'synth.run', params: { ...SYNTH, count: 500, seed: 'watch-stop' } });
      const looking = new AbortController();
      const watching = engine.call('jobs.watch', { id: job.id }, { signal: looking.signal });
      looking.abort();
      await expect(watching).rejects.toMatchObject({ code: 'Aborted' });
      expect((await engine.call('jobs.get', { id: job.id })).status).toBe('running');

      const ctrlC = new AbortController();
      const stopping = engine.call('jobs.watch', { id: job.id, stopJob: true }, { signal: ctrlC.signal });
      ctrlC.abort();
      expect(await stopping).toMatchObject({ id: job.id, status: 'cancelled', resumable: true });
    } finally {
      await engine.dispose();
    }
  }, 120_000);

  it('cancels a job, marks one the engine stopped as interrupted, and resumes it to what a straight run keeps', async () => {
    const dataDir = await verifiedDataDir();
    let engine = Engine.open({ dataDir, host: 'test', ...frozen });
    const cancelled = await engine.call('jobs.start', { method: 'synth.run', params: { ...SYNTH, count: 500, seed: 'cancel' } });
    await engine.call('jobs.cancel', { id: cancelled.id });
    expect((await engine.call('jobs.watch', { id: cancelled.id })).status).toBe('cancelled');

    const first = await engine.call('jobs.start', { method: 'synth.run', params: { ...SYNTH, count: 12 } });
    await new Promise<void>(
      (resolve) => void engine.call('jobs.watch', { id: first.id }, { onProgress: (p) => p.stage === 'synthesize' && (p.done ?? 0) >= 2 && resolve() }),
    );
    await engine.dispose();

    engine = Engine.open({ dataDir, host: 'test', ...frozen });
    try {
      const stopped = await engine.call('jobs.get', { id: first.id });
      expect(stopped).toMatchObject({ status: 'interrupted', resumable: true });
      const resumed = await engine.call('jobs.resume', { id: first.id });
      expect(resumed.resumedFrom).toBe(first.id);
      const done: JobInfo = await engine.call('jobs.watch', { id: resumed.id });
      const result = done.result as SynthRunResult;
      expect(result.summary).toMatchObject({ resumed: true, kept: 12 });

      const straight = Engine.open({ dataDir: await verifiedDataDir(), host: 'test', ...frozen });
      try {
        const whole = await straight.call('synth.run', { ...SYNTH, count: 12 });
        const datasetOf = async (e: Engine, name: string) =>
          (await e.call('synth.export', { dataset: name, out: `${tempDir()}/d.jsonl`, format: 'trl-grpo' })).rows;
        expect(await datasetOf(engine, result.summary.dataset.name)).toBe(await datasetOf(straight, whole.summary.dataset.name));
      } finally {
        await straight.dispose();
      }
      await expect(engine.call('jobs.resume', { id: done.id })).rejects.toMatchObject({ code: 'InvalidRequest' });
    } finally {
      await engine.dispose();
    }
  }, 240_000);
});
