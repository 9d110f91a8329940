// KOPA-Bench from the shell: the bundled suite validates against the emulator, the oracle scores 100 %, a
// scripted model with planted mistakes gets exactly the planted verdicts and failure kinds, a run killed
// mid-way resumes to the numbers an uninterrupted run gives, and reports and comparisons come out whole.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from '../../../native/sqlite/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchComparison, BenchRunSummary, BenchValidation } from '../../../main/api/contract.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';
import { PLANTED, plantedScript } from '../../helpers/plantedScript.ts';

const json = <T>(text: string): T => JSON.parse(text) as T;

describe('kopa bench validate', () => {
  it('finds all 145 KOPA-Bench v3 tasks solvable from what a model sees, with the composition v3 promises', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'bench', 'validate', '--suite', 'kopa']);
    expect(run.code, run.stderr).toBe(0);
    const v = json<BenchValidation>(run.stdout);
    expect(v).toMatchObject({ tasks: 145, solvable: 145, failing: [], suiteVersion: '3.1', resultTokens: 1024 });
    expect(v.results.every((r) => r.lints.length === 0 && r.expected !== null && r.hidden === undefined)).toBe(true);
    // Every link of every chain perturbed to a neighbouring value (the next dong, station, grid cell or festival)
    // changes the answer: no task is answered right by a wrong chain.
    expect(v.insensitive).toEqual([]);
    expect(v.results.filter((r) => r.chain && r.chain.links > 0).length).toBeGreaterThanOrEqual(60);
    const levels = v.distribution.levels;
    expect(Object.values(levels).reduce((a, b) => a + b, 0)).toBe(145);
    expect(levels['1']).toBeLessThanOrEqual(25);
    expect(
      Object.entries(levels)
        .filter(([level]) => Number(level) >= 3)
        .reduce((n, [, c]) => n + c, 0),
    ).toBeGreaterThanOrEqual(50);
    expect(v.distribution.tags['high-cardinality']).toBeGreaterThanOrEqual(20);
    expect(v.distribution.abilities['fault recovery']).toBeGreaterThanOrEqual(15);
    expect(v.distribution.abilities.declining).toBeGreaterThanOrEqual(10);
    expect(Object.keys(v.distribution.agencies).sort()).toEqual(
      ['AirKorea', 'HIRA', 'juso', 'KASI', 'KMA', 'KOSIS', 'local', 'MOIS', 'MOLIT', 'NMC', 'NTS', 'SeoulBus', 'SEMAS', 'TAGO', 'TourAPI', 'VWorld'].sort(),
    );
  });

  it('fails a plan that reads rows the view hides, naming the step and the row it needed', async () => {
    const line = readFileSync(path.join(repoRoot, 'resources', 'bench', 'kopa', '02-air-weather.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"id": "wx-04"'))!;
    const task = JSON.parse(line) as { plan: { steps: unknown[]; answer: { expr: string } }; level: number };
    // v1's plan: tomorrow's TMX read straight out of 761 forecast rows, without the query step.
    const v1 = {
      ...task,
      level: 3,
      plan: {
        ...task.plan,
        steps: task.plan.steps.slice(0, 3),
        answer: { ...task.plan.answer, expr: "$number(s3.items[category='TMX' and fcstDate='20250422'][0].fcstValue)" },
      },
    };
    const file = path.join(tempDir(), 'v1.jsonl');
    writeFileSync(file, `${JSON.stringify(v1)}\n`);
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'bench', 'validate', '--suite', file]);
    expect(run.code).toBe(1);
    const v = json<BenchValidation>(run.stdout);
    expect(v.results[0]).toMatchObject({
      id: 'wx-04',
      solvable: false,
      hidden: { step: 'answer', row: expect.stringMatching(/^s3 row \d+ of 761 \(rows 1–\d+ shown\)$/) },
    });
    expect(v.results[0]!.failure).toContain('local.queryRows');
  });

  it('names a task whose request leaves out a value, and exits 1', async () => {
    const line = readFileSync(path.join(repoRoot, 'resources', 'bench', 'kopa', '03-realestate-health.jsonl'), 'utf8').split('\n')[0]!;
    const task = JSON.parse(line) as { id: string; query_ko: string };
    const file = path.join(tempDir(), 'broken.jsonl');
    writeFileSync(file, `${JSON.stringify({ ...task, query_ko: '2025년 3월 아파트 매매 거래는 몇 건이었나요?' })}\n`);
    const run = await runKopa(['--data-dir', tempDir(), 'bench', 'validate', '--suite', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${task.id}: omitted value: s1.locatadd_nm=서울특별시 강남구`);
  });
});

describe('kopa bench run', () => {
  it('scores the oracle at 100 % on every task, four samples each, and reports it in four formats', async () => {
    const dir = tempDir();
    const run = await runKopa(['--json', '--data-dir', dir, 'bench', 'run', '--suite', 'kopa', '--model', 'oracle', '--samples', '4', '--concurrency', '4']);
    expect(run.code, run.stderr).toBe(0);
    const s = json<BenchRunSummary>(run.stdout);
    expect(s).toMatchObject({ status: 'done', tasks: 145, attempts: 580, passed: 580, errors: [] });
    for (const k of [1, 2, 3, 4]) {
      // 145 of 145 tasks is 100 %, within a Wilson interval that 145 tasks cannot narrow to a point.
      expect(s['pass@k'][`pass@${k}`]).toEqual({ value: 1, low: expect.closeTo(0.9742, 3), high: 1 });
      expect(s['pass^k'][`pass^${k}`]).toEqual({ value: 1, low: expect.closeTo(0.9742, 3), high: 1 });
    }
    expect(Object.values(s.failures).every((n) => n === 0)).toBe(true);
    expect(s.steps).toMatchObject({ toolF1: 1, argumentAccuracy: 1, faultsRecovered: s.steps.faultsMet });
    expect(s.steps.provenance.invented).toBe(0);

    const html = path.join(tempDir(), 'report.html');
    expect((await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--format', 'html', '--out', html, '--lang', 'en'])).code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).toContain('pass@k and pass^k by k (95% intervals, tasks n = 145)');
    expect(page).toContain('4 samples per task');
    // Without --lang the report is in the system's language: Korean here.
    expect((await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--format', 'html', '--out', html], { LANG: 'ko_KR.UTF-8' })).code).toBe(0);
    const korean = readFileSync(html, 'utf8');
    expect(korean).toContain('<html lang="ko">');
    expect(korean).toContain('단계 수별 pass@1');
    expect(korean).toContain('과제당 시도 4번');
    expect(page).not.toMatch(/<script|<link|src="http/);
    const md = (await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--lang', 'ko'])).stdout;
    expect(md).toContain('| 4 | 100.0% [97.4%, 100.0%] | 100.0% [97.4%, 100.0%] |');
    expect(md).toContain('## 단계 수별');
    expect(md).toContain('샘플링: 과제당 시도 4번');
    const mdEnglish = (await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--lang', 'en'])).stdout;
    expect(mdEnglish).toContain('## By level');
    expect(mdEnglish).toContain('Sampling: 4 per task');
    const csvText = (await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--format', 'csv'])).stdout;
    // With a byte-order mark, so that Excel reads the Korean in it as Korean.
    expect(csvText.startsWith('\uFEFFrun_id,task_id,')).toBe(true);
    const csv = csvText.trim().split('\r\n');
    expect(csv).toHaveLength(581);
    const report = json<{ manifest: { model: { ref: string }; suite: { tasks: number } } }>(
      (await runKopa(['--data-dir', dir, 'bench', 'report', s.runId, '--format', 'json'])).stdout,
    );
    expect(report.manifest).toMatchObject({ model: { ref: 'oracle' }, suite: { tasks: 145 } });
  });
});

describe('a scripted model with planted mistakes', () => {
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = fileTempDir();
    const v = json<BenchValidation>(
      (await runKopa(['--json', '--data-dir', dir, 'bench', 'validate', '--suite', 'kopa', '--tasks', PLANTED.join(',')])).stdout,
    );
    script = plantedScript(new Map(v.results.map((r) => [r.id, r.expected])));
  });

  it('gets exactly the planted verdicts and failure kinds, and compares against the oracle', async () => {
    const run = await runKopa([
      '--json',
      '--data-dir',
      dir,
      'bench',
      'run',
      '--suite',
      'kopa',
      '--tasks',
      PLANTED.join(','),
      '--model',
      `scripted:${script}`,
      '--run-id',
      'planted',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const s = json<BenchRunSummary>(run.stdout);
    expect(s).toMatchObject({ status: 'done', attempts: 12, passed: 2 });
    expect(s['pass@k']['pass@1']!.value).toBeCloseTo(2 / 12, 12);
    expect(s.failures).toEqual({
      'backend error': 0,
      'unparseable output': 1,
      'truncated output': 0,
      'no committed answer': 0,
      'failed to decline': 1,
      'no call': 1,
      'step cap or loop': 1,
      'unrecovered API error': 1,
      'invalid arguments': 1,
      'wrong tool': 1,
      'invented value': 1,
      'premature answer': 1,
      'wrong final answer': 1,
      'ungrounded answer': 0,
    });
    const report = json<{ tasks: { id: string; attempts: { verdict: string; failure: string | null }[] }[] }>(
      (await runKopa(['--data-dir', dir, 'bench', 'report', 'planted', '--format', 'json'])).stdout,
    );
    const verdicts = Object.fromEntries(report.tasks.map((t) => [t.id, t.attempts[0]!.failure ?? t.attempts[0]!.verdict]));
    expect(verdicts).toEqual({
      'cal-01': 'pass',
      'air-11': 'pass',
      'adr-02': 'wrong final answer',
      're-01': 'premature answer',
      'dc-03': 'failed to decline',
      'wx-10': 'unrecovered API error',
      'biz-01': 'invented value',
      'cal-04': 'wrong tool',
      'st-01': 'no call',
      'tour-04': 'step cap or loop',
      're-09': 'invalid arguments',
      'air-14': 'unparseable output',
    });
    expect(s.steps).toMatchObject({ faultsMet: 2, faultsRecovered: 1 });
    // Reports say the kinds in the reader's language; --format json keeps the taxonomy's ids (above).
    const korean = (await runKopa(['--data-dir', dir, 'bench', 'report', 'planted', '--lang', 'ko'])).stdout;
    expect(korean).toContain('| 잘못된 인자 | 1 |');
    expect(korean).toContain('| 읽을 수 없는 출력 | 1 |');
    expect(korean).not.toContain('invalid arguments');
    expect((await runKopa(['--data-dir', dir, 'bench', 'report', 'planted', '--lang', 'en'])).stdout).toContain('| invalid arguments | 1 |');

    const oracle = await runKopa([
      '--json',
      '--data-dir',
      dir,
      'bench',
      'run',
      '--suite',
      'kopa',
      '--tasks',
      PLANTED.join(','),
      '--model',
      'oracle',
      '--run-id',
      'oracle12',
    ]);
    expect(oracle.code, oracle.stderr).toBe(0);
    const c = json<BenchComparison>((await runKopa(['--json', '--data-dir', dir, 'bench', 'compare', 'planted', 'oracle12'])).stdout);
    expect(c).toMatchObject({
      tasks: 12,
      aPass1: 2 / 12,
      bPass1: 1,
      bBetter: 10,
      aBetter: 0,
      ties: 2,
      pValue: 2 / 1024,
      method: 'exact sign-flip',
      unpaired: [],
    });
  });

  it('refuses to pair runs of different suite versions', async () => {
    // The same twelve tasks, as a suite of one's own without a version: not the same tasks as KOPA-Bench v3.
    const own = path.join(fileTempDir(), 'own');
    mkdirSync(own);
    const lines = readdirSync(path.join(repoRoot, 'resources', 'bench', 'kopa'))
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(path.join(repoRoot, 'resources', 'bench', 'kopa', f), 'utf8').split('\n'));
    writeFileSync(path.join(own, 'tasks.jsonl'), lines.filter((l) => PLANTED.some((id) => l.includes(`"id": "${id}"`))).join('\n'));
    expect((await runKopa(['--json', '--data-dir', dir, 'bench', 'run', '--suite', own, '--model', 'oracle', '--run-id', 'own12'])).code).toBe(0);
    const refused = await runKopa(['--data-dir', dir, 'bench', 'compare', 'planted', 'own12']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Run planted is on kopa v3.1 and run own12 on own (unversioned)');
  });
});

describe('a run killed mid-way', () => {
  it('resumes with the same command, skipping finished attempts, to the numbers an uninterrupted run gives', async () => {
    // Two files of the suite, 47 tasks × 2 samples: enough that a kill after 20 attempts lands part-way.
    const tasks = ['01-calendar-address.jsonl', '02-air-weather.jsonl'].flatMap((f) =>
      readFileSync(path.join(repoRoot, 'resources', 'bench', 'kopa', f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    );
    const attempts = tasks.length * 2;
    const args = ['--json', 'bench', 'run', '--suite', 'kopa', '--tasks', tasks.join(','), '--model', 'oracle', '--samples', '2'];
    const dir = tempDir();
    const child = spawn(process.execPath, [kopaBin, '--data-dir', dir, ...args], { cwd: repoRoot, stdio: 'ignore' });
    const db = path.join(dir, 'kopa.db');
    const started = Date.now();
    let finished = 0;
    while (finished < 20 && Date.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!existsSync(db)) continue;
      try {
        const reader = openSqlite(db, { readonly: true, fileMustExist: true });
        finished = (reader.prepare('SELECT count(*) AS n FROM attempts').get() as { n: number }).n;
        reader.close();
      } catch {
        // The schema is still being created.
      }
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    expect(finished).toBeGreaterThanOrEqual(20);

    const resumed = await runKopa(['--data-dir', dir, ...args]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const r = json<BenchRunSummary>(resumed.stdout);
    expect(r.resumed).toBeGreaterThanOrEqual(20);
    expect(r.resumed).toBeLessThan(attempts);
    expect(r.ran + r.resumed).toBe(attempts);

    const whole = json<BenchRunSummary>((await runKopa(['--data-dir', tempDir(), ...args])).stdout);
    const numbers = (x: BenchRunSummary) => ({
      attempts: x.attempts,
      passed: x.passed,
      passAt: x['pass@k'],
      passHat: x['pass^k'],
      byLevel: x.byLevel,
      failures: x.failures,
      steps: x.steps,
    });
    expect(numbers(r)).toEqual(numbers(whole));
    expect(r.runId).toBe(whole.runId);
  });
});
