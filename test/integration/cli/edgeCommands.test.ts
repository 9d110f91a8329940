// EDGE from the shell: propose, verify (with a frozen emulator clock), list and show; and a synthesis run killed
// part-way that, run again, finishes with exactly the samples an uninterrupted run writes.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../native/sqlite/index.ts';
import type { EdgeListing, EdgeProposal, EdgeVerifySummary, JobInfo, SynthRunResult } from '../../../main/api/contract.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';

const NOW = '2025-03-02T15:00:00+09:00';
const json = <T>(text: string): T => JSON.parse(text) as T;
let verifiedDir: string;
let verification: EdgeVerifySummary;

beforeAll(async () => {
  verifiedDir = fileTempDir();
  const run = await runKopa(['--json', '--data-dir', verifiedDir, 'edges', 'verify', '--now', NOW]);
  expect(run.code, run.stderr).toBe(0);
  verification = json<EdgeVerifySummary>(run.stdout);
}, 120_000);

describe('kopa edges', () => {
  it('proposes candidates of three kinds', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'edges', 'propose']);
    expect(run.code).toBe(0);
    const p = json<EdgeProposal>(run.stdout);
    expect(p.candidates).toBe(p.added);
    expect(p.byBasis.semantic + p.byBasis.transform + p.byBasis.lexical).toBe(p.candidates);
    expect(p.byBasis.lexical).toBeGreaterThan(0);
  });

  it('verifies, and prints what it checked, what it spent and how long it took', () => {
    expect(verification.checked).toBeGreaterThan(500);
    expect(verification.verified).toBeGreaterThan(300);
    expect(verification.rejected).toBeGreaterThan(100);
    expect(verification.callsSpent).toBeGreaterThan(verification.checked);
    expect(verification.seconds).toBeGreaterThan(0);
    expect(verification.totals.candidate).toBe(verification.untried);
  });

  it('lists each link with its tools, fields, parameters, transform, status and trial counts', async () => {
    const run = await runKopa(['--json', '--data-dir', verifiedDir, 'edges', 'list', '--status', 'verified']);
    const listing = json<EdgeListing>(run.stdout);
    expect(listing.edges).toHaveLength(verification.totals.verified);
    const grid = listing.edges.find((e) => e.fromTool === 'vworld.getCoord' && e.toTool === 'kma.getUltraSrtNcst')!;
    expect(grid).toMatchObject({ fromFields: ['y', 'x'], toParams: ['nx', 'ny'], transform: 'latLon→kmaGrid', status: 'verified', trialsTotal: 3 });
    const shown = await runKopa(['--data-dir', verifiedDir, 'edges', 'show', grid.id.slice(0, 9)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('vworld.getCoord.y+x ─[latLon→kmaGrid]→ kma.getUltraSrtNcst.nx+ny');
    expect(shown.stdout).toMatch(/trials \(newest first\)[\s\S]*"nx":\d+/);
  });

  it('refuses a duration it cannot read, with exit code 2', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'edges', 'verify', '--stale-after', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a duration such as 30m, 12h or 7d');
  });
});

describe('kopa synth', () => {
  const args = (dir: string, out: string): string[] => ['--json', '--data-dir', dir, 'synth', '--count', '120', '--seed', 'resume', '--now', NOW, '--format', 'openai', '--out', out];

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
    const interrupted = verifiedDir;
    const child = spawn(process.execPath, [kopaBin, ...args(interrupted, path.join(tempDir(), 'first.jsonl'))], { cwd: repoRoot, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 600 && samplesIn(interrupted) < 15; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    const before = samplesIn(interrupted);
    expect(before).toBeGreaterThanOrEqual(15);
    expect(before).toBeLessThan(120);
    // The killed command's work is a job the next engine finds cut short, and can resume.
    const jobs = json<JobInfo[]>((await runKopa(['--json', '--data-dir', interrupted, 'jobs'])).stdout);
    expect(jobs.find((j) => j.method === 'synth.run')).toMatchObject({ status: 'interrupted', resumable: true });

    const out = path.join(tempDir(), 'resumed.jsonl');
    const resumed = await runKopa(args(interrupted, out));
    expect(resumed.code, resumed.stderr).toBe(0);
    const r = json<SynthRunResult>(resumed.stdout);
    expect(r.summary).toMatchObject({ resumed: true, kept: 120 });

    const fresh = tempDir();
    const straightOut = path.join(fresh, 'straight.jsonl');
    await runKopa(['--data-dir', fresh, 'edges', 'verify', '--now', NOW]);
    const straight = await runKopa(args(fresh, straightOut));
    expect(straight.code, straight.stderr).toBe(0);
    const questions = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { messages: { role: string; content: string }[] }).messages[1]!.content);
    expect(questions(out)).toEqual(questions(straightOut));
  }, 240_000);

  it('finishes a verification killed half way before it walks the graph, and writes what a straight run writes', async () => {
    const edgesIn = (dir: string): { tried: number; verified: number } => {
      try {
        const db = openSqlite(path.join(dir, 'kopa.db'), { readonly: true, fileMustExist: true });
        try {
          return db.prepare("SELECT count(checked_at) AS tried, count(*) FILTER (WHERE status = 'verified') AS verified FROM edges").get() as { tried: number; verified: number };
        } finally {
          db.close();
        }
      } catch {
        return { tried: 0, verified: 0 };
      }
    };
    const killed = tempDir();
    const child = spawn(process.execPath, [kopaBin, '--data-dir', killed, 'edges', 'verify', '--now', NOW], { cwd: repoRoot, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 1200 && edgesIn(killed).tried < 60; i++) await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGKILL');
    await exited;
    const cut = edgesIn(killed);
    expect(cut.tried).toBeGreaterThanOrEqual(60);

    const synthArgs = (dir: string, out: string): string[] => ['--json', '--data-dir', dir, 'synth', '--count', '30', '--seed', 'after-kill', '--now', NOW, '--format', 'openai', '--out', out];
    const out = path.join(tempDir(), 'after-kill.jsonl');
    const run = await runKopa(synthArgs(killed, out));
    expect(run.code, run.stderr).toBe(0);
    expect(json<SynthRunResult>(run.stdout).verification).toBeDefined();
    const fresh = tempDir();
    await runKopa(['--data-dir', fresh, 'edges', 'verify', '--now', NOW]);
    expect(edgesIn(killed)).toEqual(edgesIn(fresh));
    const straightOut = path.join(tempDir(), 'straight.jsonl');
    expect((await runKopa(synthArgs(fresh, straightOut))).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toEqual(readFileSync(straightOut, 'utf8'));
  }, 240_000);

  it('exits 2 when --out comes without --format, or without --count', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'synth', '--count', '5', '--out', 'x.jsonl']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out and --format go together');
    const bare = await runKopa(['--data-dir', tempDir(), 'synth']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--count');
  });

  it('lists datasets with their full names and exports one again, as typed: synth export DATASET --format F --out F', async () => {
    const dir = fileTempDir();
    expect((await runKopa(['--data-dir', dir, 'synth', '--count', '5', '--seed', 'list', '--now', NOW, '--name', 'seoul-weather-questions-for-the-first-tuning-run'])).code).toBe(0);
    const list = await runKopa(['--data-dir', dir, 'synth', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('seoul-weather-questions-for-the-first-tuning-run');
    const out = path.join(dir, 'again.jsonl');
    const exported = await runKopa(['--data-dir', dir, 'synth', 'export', 'seoul-weather-questions-for-the-first-tuning-run', '--format', 'sharegpt', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(5);
    expect(readFileSync(`${out}.card.md`, 'utf8')).toContain('## Intents and coverage');
    const missing = await runKopa(['--data-dir', dir, 'synth', 'export', 'seoul-weather-questions-for-the-first-tuning-run', '--out', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--format');
  }, 120_000);

  it('prints what the paraphrase pass kept and refused, and keeps the templates where a rewrite fails', async () => {
    const dir = fileTempDir();
    const script = path.join(dir, 'rewrites.jsonl');
    writeFileSync(script, ['{"text": "다시 말하기 어렵네요"}', '{"toolCalls": [{"name": "rewrite_request", "arguments": {"request": "뭐든지요"}}]}'].join('\n'));
    const run = await runKopa(['--data-dir', dir, 'synth', '--count', '2', '--seed', 'list', '--now', NOW, '--paraphrase-model', `scripted:${script}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/paraphrase \(scripted:.*rewrites\.jsonl\): 0 of 2 rewrites kept; refused: noRewrite 1, stated 1/);
  }, 120_000);
});
