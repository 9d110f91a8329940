// A job's parameters live in kopa.db, and whoever can edit that file could point a resumed job at live APIs or at any
// file. Resuming re-checks what a fresh start would: it says what will run (mode, files) before anything runs, refuses
// live calls without the consent `--mode live` gives a fresh start, and refuses to replace a file without --overwrite;
// `kopa jobs` shows where each job reaches. `models remove` deletes a copy only inside the data folder's models.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { JobRepository } from '../../../main/engine/store/repositories/JobRepository.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

/** A data folder holding one interrupted synthesis job with these (edited) parameters. */
async function interruptedJob(params: Record<string, unknown>): Promise<{ dataDir: string; id: string }> {
  const dataDir = tempDir();
  const engine = Engine.open({ dataDir, host: 'test' });
  const repo = new JobRepository(engine.store.db, () => true);
  const id = 'edited-job';
  repo.create({ id, method: 'synth.run', params: { count: 2, seed: 'x', name: 'edited', ...params } }, new Date());
  repo.finish(id, { status: 'interrupted' }, new Date());
  await engine.dispose();
  return { dataDir, id };
}

describe('kopa jobs resume on edited parameters', () => {
  it('says what will run and refuses live calls without --live, leaving the named file alone', async () => {
    const victim = path.join(tempDir(), 'important.txt');
    writeFileSync(victim, 'keep me');
    const { dataDir, id } = await interruptedJob({ mode: 'live', out: victim, format: 'openai' });
    const listed = await runKopa(['--data-dir', dataDir, '--wide', 'jobs']);
    expect(listed.stdout).toContain(`live → ${victim}`);
    const run = await runKopa(['--data-dir', dataDir, 'jobs', 'resume', id]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Resuming synth.run: tool calls go to live; writes ${victim}, ${victim}.card.md.`);
    expect(run.stderr).toContain('calls the live agency APIs (mode live)');
    expect(run.stderr).toContain(`kopa jobs resume ${id} --live`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(existsSync(`${victim}.card.md`)).toBe(false);
  });

  it('refuses to replace an existing file without --overwrite, and writes it with it', async () => {
    const victim = path.join(tempDir(), 'rows.jsonl');
    writeFileSync(victim, 'keep me');
    const { dataDir, id } = await interruptedJob({ mode: 'emulator', out: victim, format: 'openai', asOf: '2025-03-02T15:00:00+09:00' });
    const refused = await runKopa(['--data-dir', dataDir, 'jobs', 'resume', id]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`would replace files that exist: ${victim}`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    const allowed = await runKopa(['--data-dir', dataDir, 'jobs', 'resume', id, '--overwrite']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).not.toBe('keep me');
  });
});

describe('kopa models remove', () => {
  it('deletes a copied model only inside the models folder', async () => {
    const dataDir = tempDir();
    const added = await runKopa(['--json', '--data-dir', dataDir, 'models', 'add', await writeTinyLlama({ name: 'copied-model' }), '--copy']);
    expect(added.code, added.stderr).toBe(0);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const outside = path.join(tempDir(), 'not-a-model.txt');
    writeFileSync(outside, 'keep me');
    const engine = Engine.open({ dataDir, host: 'test' });
    engine.store.db.prepare('UPDATE models SET path = ? WHERE id = ?').run(outside, id);
    await engine.dispose();
    const removed = await runKopa(['--data-dir', dataDir, 'models', 'remove', id]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
  });
});
