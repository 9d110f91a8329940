// Synthesis from the shell: a run killed part-way that, run again, finishes with exactly the samples an uninterrupted
// run writes; datasets listed and exported again; the paraphrase pass's report; and the refusals of bad options.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../native/sqlite/index.ts';
import type { JobInfo, SynthRunResult } from '../../../main/api/contract.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { copyOfDataDir, fileTempDir, tempDir } from '../../helpers/tempDir.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';

const NOW = '2025-03-02T15:00:00+09:00';
const json = <T>(text: string): T => JSON.parse(text) as T;
/** Samples of the runs that are killed and resumed: enough that a kill after 15 lands part-way. */
const COUNT = 60;
let verifiedDir: string;

beforeAll(async () => {
  verifiedDir = await verifiedDataDir({ keep: 'file' });
}, 300_000);

describe('kopa synth', () => {
  const args = (dir: string, out: string): string[] => [
    '--json',
    '--data-dir',
    dir,
    'synth',
    '--count',
    String(COUNT),
    '--seed',
    'resume',
    '--now',
    NOW,
    '--format',
    'openai',
    '--out',
    out,
  ];

  // What the two resumed runs must end with: the same command run straight from the same verified graph, once.
  let straight: Promise<string> | undefined;
  const straightRun = (): Promise<string> =>
    (straight ??= (async () => {
      const out = path.join(fileTempDir(), 'straight.jsonl');
      const run = await runKopa(args(copyOfDataDir(verifiedDir), out));
      expect(run.code, run.stderr).toBe(0);
      return out;
    })());

  function samplesIn(dir: string): number {
    try {
      const db = openSqlite(path.join(dir, 'kopa.db'), { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM samples').get() as { n: number }).n;
      } finally {
        db.close();
      }
    } catch {
      return 0;
    }
  }

  it('resumes a killed run and ends with the samples an uninterrupted run writes', async () => {
    // Both runs start from the same verified graph.
    const interrupted = copyOfDataDir(verifiedDir);
    const child = spawn(process.execPath, [kopaBin, ...args(interrupted, path.join(tempDir(), 'first.jsonl'))], { cwd: repoRoot, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 600 && samplesIn(interrupted) < 15; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    const before = samplesIn(interrupted);
    expect(before).toBeGreaterThanOrEqual(15);
    expect(before).toBeLessThan(COUNT);
    // The killed command's work is a job the next engine finds cut short, and can resume.
    const jobs = json<JobInfo[]>((await runKopa(['--json', '--data-dir', interrupted, 'jobs'])).stdout);
    expect(jobs.find((j) => j.method === 'synth.run')).toMatchObject({ status: 'interrupted', resumable: true });

    const out = path.join(tempDir(), 'resumed.jsonl');
    const resumed = await runKopa(args(interrupted, out));
    expect(resumed.code, resumed.stderr).toBe(0);
    const r = json<SynthRunResult>(resumed.stdout);
    expect(r.summary).toMatchObject({ resumed: true, kept: COUNT });

    const straightOut = await straightRun();
    const questions = (file: string) =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { messages: { role: string; content: string }[] }).messages[1]!.content);
    expect(questions(out)).toEqual(questions(straightOut));
  }, 240_000);

  it('stops at Ctrl+C as the workbench’s Stop does, and resumes with kopa jobs resume (no --now: the job keeps its moment), once, into the same dataset', async () => {
    const interrupted = copyOfDataDir(verifiedDir);
    const out = path.join(tempDir(), 'killed.jsonl');
    const child = spawn(process.execPath, [kopaBin, ...args(interrupted, out), '--name', 'killed'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise((resolve) => child.once('close', resolve));
    for (let i = 0; i < 600 && samplesIn(interrupted) < 15; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(stderr).toContain('Stopping: the work done so far is kept');
    expect(samplesIn(interrupted)).toBeLessThan(COUNT);
    const job = json<JobInfo[]>((await runKopa(['--json', '--data-dir', interrupted, 'jobs'])).stdout).find((j) => j.method === 'synth.run')!;
    expect(job).toMatchObject({ status: 'cancelled', resumable: true });
    // --json: the refusal is the JSON on stdout, with what to do next.
    expect(json<{ error: { message: string; hint: string } }>(stdout).error).toMatchObject({
      message: 'The job was cancelled.',
      hint: `Resume it with kopa jobs resume ${job.id}.`,
    });
    expect(job.params.asOf).toBe('2025-03-02T06:00:00.000Z');

    // Two resumes at once: one runs the job, the other is told it was taken up.
    const [a, b] = await Promise.all([
      runKopa(['--data-dir', interrupted, 'jobs', 'resume', job.id]),
      runKopa(['--data-dir', interrupted, 'jobs', 'resume', job.id]),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect((a.code === 0 ? b : a).stderr).toContain(`Job ${job.id} was already taken up by job`);
    const again = await runKopa(['--data-dir', interrupted, 'jobs', 'resume', job.id]);
    expect(again.stderr).toContain('was already taken up');

    const datasets = json<{ name: string; samples: number }[]>((await runKopa(['--json', '--data-dir', interrupted, 'synth', 'list'])).stdout);
    expect(datasets).toEqual([expect.objectContaining({ name: 'killed', samples: COUNT })]);
    expect(readFileSync(out)).toEqual(readFileSync(await straightRun()));
    // The name is taken now: a second run of that name is refused, not made beside it.
    const second = await runKopa(['--data-dir', interrupted, 'synth', '--count', '5', '--seed', 'other', '--now', NOW, '--name', 'killed']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain('A dataset named killed exists already');
  }, 300_000);

  it('exits 2 when --out comes without --format, or without --count', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'synth', '--count', '5', '--out', 'x.jsonl']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out and --format go together');
    const bare = await runKopa(['--data-dir', tempDir(), 'synth']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--count');
  });

  it('lists datasets with their full names and exports one again, as typed: synth export DATASET --format F --out F', async () => {
    const dir = copyOfDataDir(verifiedDir);
    expect(
      (
        await runKopa([
          '--data-dir',
          dir,
          'synth',
          '--count',
          '5',
          '--seed',
          'list',
          '--now',
          NOW,
          '--name',
          'seoul-weather-questions-for-the-first-tuning-run',
        ])
      ).code,
    ).toBe(0);
    const list = await runKopa(['--data-dir', dir, 'synth', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('seoul-weather-questions-for-the-first-tuning-run');
    const out = path.join(dir, 'again.jsonl');
    const exported = await runKopa([
      '--data-dir',
      dir,
      'synth',
      'export',
      'seoul-weather-questions-for-the-first-tuning-run',
      '--format',
      'sharegpt',
      '--out',
      out,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(5);
    expect(readFileSync(`${out}.card.md`, 'utf8')).toContain('## Intents and coverage');
    const missing = await runKopa(['--data-dir', dir, 'synth', 'export', 'seoul-weather-questions-for-the-first-tuning-run', '--out', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--format');
  }, 120_000);

  it('prints what the paraphrase pass kept and refused, and keeps the templates where a rewrite fails', async () => {
    const dir = copyOfDataDir(verifiedDir);
    const script = path.join(dir, 'rewrites.jsonl');
    writeFileSync(
      script,
      ['{"text": "다시 말하기 어렵네요"}', '{"toolCalls": [{"name": "rewrite_request", "arguments": {"request": "뭐든지요"}}]}'].join('\n'),
    );
    const run = await runKopa(['--data-dir', dir, 'synth', '--count', '2', '--seed', 'list', '--now', NOW, '--paraphrase-model', `scripted:${script}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/paraphrase \(scripted:.*rewrites\.jsonl\): 0 of 2 rewrites kept; refused: noRewrite 1, stated 1/);
  }, 120_000);
});
