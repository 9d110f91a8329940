// Nothing in the data folder, and no export, is written through a symbolic link planted at its path: the audit's
// checkpoints, the database and its journals, a benchmark report and a dataset export refuse the link with a typed
// error naming the path, a model copied into the data folder removes a link where its copy is made instead of writing
// through it, and the file a link points at is left as it was. A folder where a file belongs is a typed error too.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { Store } from '../../../main/engine/store/Store.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const CALL = { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth: '05' } };

function victim(): string {
  const file = path.join(tempDir(), 'victim.txt');
  writeFileSync(file, 'untouched\n');
  return file;
}

describe('writing without following links', () => {
  it('refuses to append the audit checkpoints through a link, and says so for a folder in their place', async () => {
    const dir = tempDir();
    const engine = Engine.open({ dataDir: dir, emulator: { now: () => TEST_NOW } });
    await engine.call('gateway.call', CALL);
    await engine.dispose();
    const checkpoints = path.join(dir, 'audit-checkpoints.jsonl');
    rmSync(checkpoints);
    const target = victim();
    symlinkSync(target, checkpoints);
    const verify = await runKopa(['--lang', 'en', '--data-dir', dir, 'audit', 'verify']);
    expect(verify.code).not.toBe(0);
    expect(verify.stderr).toContain('audit-checkpoints.jsonl is a symbolic link');
    expect(() => Engine.open({ dataDir: dir })).toThrow(/is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    // Planted while the engine runs: the checkpoint written on closing refuses it, and the engine still closes.
    const running = tempDir();
    const live = Engine.open({ dataDir: running, emulator: { now: () => TEST_NOW } });
    symlinkSync(target, path.join(running, 'audit-checkpoints.jsonl'));
    await live.call('gateway.call', CALL);
    await expect(live.dispose()).rejects.toThrow(/is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');

    const folder = tempDir();
    mkdirSync(path.join(folder, 'audit-checkpoints.jsonl'));
    expect(() => Engine.open({ dataDir: folder })).toThrow(/is a folder where a file belongs/);
  }, 120_000);

  it('refuses a database or a journal that is a link', () => {
    for (const name of ['kopa.db', 'kopa.db-wal']) {
      const dir = tempDir();
      const target = victim();
      symlinkSync(target, path.join(dir, name));
      expect(() => Store.open(path.join(dir, 'kopa.db')), name).toThrow(/is a symbolic link/);
      expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    }
  });

  it('copies a model into the data folder without writing through a link planted where the copy is made', async () => {
    const dir = tempDir();
    const model = await writeTinyLlama({ name: 'linked-copy' });
    const id = createHash('sha256').update(readFileSync(model)).digest('hex').slice(0, 12);
    mkdirSync(path.join(dir, 'models'));
    const target = victim();
    symlinkSync(target, path.join(dir, 'models', `${id}-${path.basename(model)}.partial`));
    const engine = Engine.open({ dataDir: dir });
    try {
      const added = await engine.call('models.add', { source: model, copy: true });
      expect(added).toMatchObject({ id, copied: true });
      expect(readFileSync(added.location)).toEqual(readFileSync(model));
    } finally {
      await engine.dispose();
    }
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');
  }, 120_000);

  it('refuses a report or an export whose path is a link', async () => {
    const dir = tempDir();
    const engine = Engine.open({ dataDir: dir, emulator: { now: () => TEST_NOW } });
    try {
      const run = await engine.call('bench.run', { suite: 'kopa', tasks: ['cal-01'], model: 'oracle' });
      const report = path.join(tempDir(), 'report.md');
      const target = victim();
      symlinkSync(target, report);
      await expect(engine.call('bench.report', { run: run.runId, format: 'md', out: report })).rejects.toMatchObject({ code: 'Usage' });
      expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    } finally {
      await engine.dispose();
    }
  }, 120_000);
});
