// The `kopa` command as a user runs it: a child process of bin/kopa.mjs.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeMigrations } from '../../../main/engine/store/migrations/index.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const version = (JSON.parse((await import('node:fs')).readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe('kopa', () => {
  it('prints its version and help, exit 0', async () => {
    const v = await runKopa(['--version']);
    expect(v).toMatchObject({ code: 0, stdout: `${version}\n` });
    const help = await runKopa(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/doctor/);
    expect(help.stdout).toMatch(/--data-dir/);
    expect(help.stdout).toMatch(/--json/);
    for (const command of ['doctor', 'app']) {
      const sub = await runKopa([command, '--help']);
      expect(sub.code).toBe(0);
      expect(sub.stdout).toContain(`Usage: kopa ${command}`);
    }
  });

  it('exits 2 on usage errors and says what was wrong', async () => {
    const unknown = await runKopa(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const badOption = await runKopa(['doctor', '--colour']);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain("unknown option '--colour'");
    const badPort = await runKopa(['app', '--browser', '--port', 'eighty']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('a port is an integer');
  });

  it('doctor --json reports this machine', async () => {
    const dataDir = tempDir();
    const run = await runKopa(['doctor', '--json', '--data-dir', dataDir]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown> & {
      llama: { binary: string | null; gpu: unknown };
      chromium: { available: boolean; path: string | null };
      electron: { available: boolean; version: string | null };
    };
    expect(Object.keys(report)).toEqual(['node', 'dataDir', 'schemaVersion', 'llama', 'chromium', 'electron']);
    expect(report.node).toBe(process.versions.node);
    expect(report.dataDir).toBe(dataDir);
    expect(report.schemaVersion).toBe(storeMigrations.length);
    expect(report.llama.binary).not.toBeNull();
    if (process.platform === 'linux') expect(existsSync(report.llama.binary!)).toBe(true);
    expect(report.llama.gpu === false || typeof report.llama.gpu === 'string').toBe(true);
    expect(report.chromium.available).toBe(report.chromium.path !== null && existsSync(report.chromium.path));
    expect(report.electron.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run.stderr).toBe('');
  });

  it('says how many threads local inference uses: KOPA_LLAMA_THREADS where set, else the math cores; a bad value says why', async () => {
    const doctor = async (threads: string) =>
      JSON.parse((await runKopa(['doctor', '--json', '--data-dir', tempDir()], { KOPA_LLAMA_THREADS: threads })).stdout);
    const one = await doctor('1');
    expect(one.llama.threads).toBe(1);
    const unset = await doctor('');
    expect(unset.llama.threads).toBe(Math.min(unset.llama.cpuMathCores, availableParallelism()));
    const refused = await doctor('all');
    expect(refused.llama).toMatchObject({ binary: null, threads: null, error: 'KOPA_LLAMA_THREADS must be a whole number of threads, 1 or more, not "all".' });
    const human = await runKopa(['doctor', '--data-dir', tempDir()], { KOPA_LLAMA_THREADS: '1' });
    if (one.llama.gpu === false) expect(human.stdout).toMatch(/GPU +none, CPU with \d+ math cores; inference threads: 1/);
  });

  it('takes the data folder from KOPA_DATA_DIR when --data-dir is absent', async () => {
    const dataDir = tempDir();
    const run = await runKopa(['doctor', '--json'], { KOPA_DATA_DIR: dataDir });
    expect(JSON.parse(run.stdout).dataDir).toBe(dataDir);
    expect(existsSync(path.join(dataDir, 'kopa.db'))).toBe(true);
  });

  it('exits 1 with a clear message and a hint when the database is corrupt', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'kopa.db'), 'garbage'.repeat(100));
    const human = await runKopa(['doctor', '--data-dir', dataDir]);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/error: The database .*kopa\.db cannot be read: it is not an SQLite database/);
    expect(human.stderr).toMatch(/hint: KOPA Studio did not change it/);
    const json = await runKopa(['doctor', '--json', '--data-dir', dataDir]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).error.code).toBe('CorruptDatabase');
  });

  it('app falls back to browser mode in one line where Electron cannot start, and stops on SIGTERM', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, [kopaBin, 'app', '--json', '--data-dir', dataDir], { cwd: repoRoot, env: { ...process.env, DISPLAY: '' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const started = await new Promise<{ url: string; launchUrl: string; mode: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        try {
          resolve(JSON.parse(out));
        } catch {
          // wait for the rest of the JSON
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    expect(started.mode).toBe('browser');
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.launchUrl).toMatch(/\/#token=[0-9a-f]{64}$/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Electron cannot start here \(.+\); serving the UI in browser mode instead\./);
    const page = await fetch(started.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const unauthorized = await fetch(`${started.url}/api/call/engine.status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthorized.status).toBe(401);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
