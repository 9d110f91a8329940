// Evaluation: BFCL on a small data folder scored by category; a run that fills its grid task by task; the tuned model
// (base GGUF + LoRA) from the run form; the oracle and planted mistakes, every failure kind found, runs compared.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobInfo } from '../../../main/api/contract.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { PLANTED_FAILURES, plantedScript } from '../../helpers/plantedScript.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { writeTinyLora } from '../../fixtures/gguf/tinyLora.ts';
import { axeViolations, close, goTo, host, open, screenshots, script, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
  it("runs BFCL on a small data folder as a job and scores it by category, with each failure's error type", async () => {
    const w = await open();
    const { page } = w;
    const data = path.join(repoRoot, 'test', 'fixtures', 'bfcl', 'data');
    const out = tempDir();
    const model = script([
      { toolCalls: [{ name: 'geometry_circle_area', arguments: { radius: 3, unit: 'meters' } }] },
      { toolCalls: [{ name: 'seq_evens', arguments: { count: '3' } }] },
      { toolCalls: [{ name: 'tags_join', arguments: { tags: ['b', 'a'] } }] },
      { toolCalls: [{ name: 'weather_get', arguments: { city: 'Seoul' } }] },
      { text: '가을 시는 쓸 수 있지만 날씨 도구는 필요 없습니다.' },
    ]);
    await goTo(page, 'eval');
    await page.getByTestId('bfcl-data').fill(data);
    await page.getByTestId('bfcl-model').fill(model);
    await page.getByTestId('bfcl-out').fill(out);
    await page.getByTestId('bfcl-categories-input').fill('simple_pythn');
    await page.getByTestId('bfcl-check').click();
    await expect.poll(() => page.locator('section[aria-labelledby=bfcl] [role=alert]').textContent()).toContain('BFCL에 없는 범주입니다: simple_pythn');
    await page.getByTestId('bfcl-categories-input').fill('simple_python, parallel, irrelevance');
    await page.getByTestId('bfcl-run').click();
    await page.locator('section[aria-labelledby=bfcl] [data-testid=job][data-status=done]').waitFor({ timeout: 60_000 });
    await page.getByTestId('bfcl-check').click();
    await page.getByTestId('bfcl-scores').waitFor();
    const rows = await page.getByTestId('bfcl-categories').locator('tbody tr').allTextContents();
    // Wilson intervals: what 3 entries, or 1, can show.
    expect(rows).toEqual(['simple_python66.7%20.8% – 93.9%2 / 3', 'parallel0.0%0.0% – 79.3%0 / 1', 'irrelevance100.0%20.7% – 100.0%1 / 1']);
    // An aggregate none of whose categories ran says so instead of showing 0 %.
    expect(await page.getByTestId('bfcl-live').textContent()).toContain('—');
    expect(await page.getByTestId('bfcl-multiTurn').textContent()).toContain('—');
    expect(await page.getByTestId('bfcl-irrelevance').textContent()).toContain('50.0%');
    const failures = await page.getByTestId('bfcl-failures').textContent();
    expect(failures).toContain('simple_python_1 type_error:simple');
    expect(failures).toContain('parallel_0 parallel_function_checker_no_order:wrong_count');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('bfcl-scores').screenshot({ path: path.join(screenshots, 'eval-bfcl-ko.png') });

    // The run is kept with its scores beside KOPA-Bench's runs, and is there after a reload without scoring again.
    const kept = (await host.engine.call('bfcl.runs', {}))[0]!;
    expect(kept).toMatchObject({ model, params: { categories: ['simple_python', 'parallel', 'irrelevance'] }, scores: { failed: 2 } });
    await page.reload();
    await goTo(page, 'eval');
    const runRow = page.getByTestId('bfcl-runs').locator('tbody tr').first();
    await expect.poll(() => runRow.textContent(), { timeout: 15_000 }).toContain('scripted:turns.jsonl');
    // Three categories; non-live, live and multi-turn (none of theirs ran: a dash), overall; two failed.
    expect(await runRow.textContent()).toMatch(/35\.6%——5\.6%2$/);
    await runRow.getByTestId('bfcl-run-link').click();
    await page.getByTestId('bfcl-run-scores').getByTestId('bfcl-scores').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('bfcl-run-scores').getByTestId('bfcl-categories').locator('tbody tr').allTextContents()).toEqual(rows);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('section[aria-labelledby=bfcl]').screenshot({ path: path.join(screenshots, 'eval-bfcl-runs-ko.png') });
    await close(w);
  }, 120_000);

  it("picks a run's tasks by words, agency and level instead of ids looked up in the suite's files", async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'eval');
    await page.getByTestId('task-picker').locator('summary').click();
    await page.getByTestId('task-pick-agency').selectOption('KASI');
    await page.getByTestId('task-pick-search').fill('공휴일');
    const listed = page.getByTestId('task-pick-list').getByRole('checkbox');
    await expect.poll(() => listed.count()).toBeGreaterThan(0);
    const suite = await host.engine.call('bench.tasks', { suite: 'kopa' });
    const wanted = suite.filter((r) => r.agencies.includes('KASI') && r.question.includes('공휴일')).map((r) => r.id);
    expect(await listed.count()).toBe(wanted.length);
    await page.getByTestId(`task-pick-${wanted[0]}`).check();
    expect(await page.getByTestId('bench-tasks').inputValue()).toBe(wanted[0]);
    await page.getByTestId('task-pick-all').click();
    expect((await page.getByTestId('bench-tasks').inputValue()).split(', ').sort()).toEqual([...wanted].sort());
    // The list typed by hand and the ticks are the same list.
    await page.getByTestId('bench-tasks').fill(wanted[1]!);
    expect(await page.getByTestId(`task-pick-${wanted[0]}`).isChecked()).toBe(false);
    expect(await page.getByTestId(`task-pick-${wanted[1]}`).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page
      .locator('form.card')
      .first()
      .screenshot({ path: path.join(screenshots, 'eval-task-picker-ko.png') });
    await close(w);
  }, 120_000);

  it('shows a run still going as a grid that fills in task by task', async () => {
    const w = await open();
    const { page } = w;
    const slow = path.join(tempDir(), 'slow.jsonl');
    writeFileSync(slow, PLANTED_FAILURES.map((task) => JSON.stringify({ task, turns: [{ text: '잘 모르겠어요.', tokenDelayMs: 250 }] })).join('\n'));
    await goTo(page, 'eval');
    const before = (await host.engine.call('bench.runs', {})).length;
    await page.getByTestId('bench-model').fill(`scripted:${slow}`);
    await page.getByTestId('bench-tasks').fill(PLANTED_FAILURES.join(','));
    await page.getByTestId('bench-start').click();
    await expect.poll(() => page.getByTestId('run-link').count(), { timeout: 30_000 }).toBe(before + 1);
    await page.getByTestId('run-link').first().click();
    const grid = page.getByTestId('progress-grid');
    await grid.waitFor({ timeout: 30_000 });
    expect(await grid.locator('li').count()).toBe(10);
    await expect.poll(() => grid.locator('li.verdict-failed').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(screenshots, 'eval-running-ko.png') });
    // When the run ends the grid gives way to the finished run's numbers.
    await grid.waitFor({ state: 'detached', timeout: 120_000 });
    expect(await page.getByTestId('run-pass-at-1').textContent()).toContain('0.0%');
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(10);
    await close(w);
  }, 240_000);

  it('runs the tuned model from the run form: a base GGUF with its LoRA adapter at a chosen scale, steps and tokens per turn', async () => {
    const base = await host.engine.call('models.add', { source: await writeTinyLlama({ contextLength: 4096 }), name: 'tiny-base' });
    const adapter = await host.engine.call('models.add', { source: await writeTinyLora(), name: 'tiny-tuned', base: base.id });
    const w = await open();
    const { page } = w;
    await goTo(page, 'eval');
    const before = (await host.engine.call('bench.runs', {})).length;
    await page.getByTestId('bench-model').fill(base.id);
    await page.getByTestId('bench-lora').selectOption(adapter.id);
    await page.getByTestId('bench-lora-scale').fill('0.5');
    await page.getByTestId('bench-max-steps').fill('2');
    await page.getByTestId('bench-max-tokens').fill('16');
    await page.getByTestId('bench-tasks').fill('cal-01');
    // The emulator, as the status bar says; live would ask first.
    expect(await page.getByTestId('bench-mode').inputValue()).toBe('emulator');
    await page.getByTestId('bench-mode').selectOption('live');
    await page.getByTestId('bench-start').click();
    expect(await page.getByRole('alertdialog').textContent()).toContain('실제 기관 API로 평가할까요?');
    await page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('bench-mode').selectOption('emulator');
    await page.getByTestId('bench-start').click();
    await expect.poll(() => page.getByTestId('run-link').count(), { timeout: 60_000 }).toBe(before + 1);
    await expect.poll(() => page.locator('[data-testid=job][data-status=running]').count(), { timeout: 120_000 }).toBe(0);
    const run = (await host.engine.call('bench.runs', {}))[0]!;
    expect(run.manifest.model).toMatchObject({ ref: base.id, lora: [adapter.id], loraScale: 0.5 });
    expect(run.manifest.sampling).toMatchObject({ maxSteps: 2, maxTokens: 16 });
    // The runs table and the job's card name the registered model as the analyst named it.
    await expect.poll(() => page.locator('tr').filter({ hasText: run.id }).textContent(), { timeout: 15_000 }).toContain('tiny-base + LoRA');
    expect(await page.locator('[data-testid=job]').first().textContent()).toContain('KOPA-Bench 평가tiny-base끝남');
    await page.getByTestId('run-link').first().click();
    await expect.poll(() => page.getByTestId('manifest').textContent(), { timeout: 15_000 }).toContain(`${adapter.id} × 0.5`);
    await close(w);
  }, 240_000);

  it('runs the oracle and a scripted model with planted mistakes as jobs, finds each failure kind in the task table, opens a trajectory and compares the runs', async () => {
    const w = await open();
    const { page } = w;
    const tasks = PLANTED_FAILURES.join(',');
    const runJob = async (model: string, samples: number): Promise<void> => {
      await goTo(page, 'eval');
      await page.getByTestId('bench-model').fill(model);
      await page.getByTestId('bench-samples').fill(String(samples));
      await page.getByTestId('bench-tasks').fill(tasks);
      // The earlier run's job is listed too: wait for this one to exist and end, then for the view to show it ended.
      const benchJobs = async (): Promise<JobInfo[]> => (await host.engine.call('jobs.list', {})).filter((j) => j.method === 'bench.run');
      const known = new Set((await benchJobs()).map((j) => j.id));
      await page.getByTestId('bench-start').click();
      await expect.poll(async () => (await benchJobs()).some((j) => !known.has(j.id) && j.status !== 'running'), { timeout: 120_000 }).toBe(true);
      await expect.poll(() => page.locator('[data-testid=job][data-status=running]').count(), { timeout: 30_000 }).toBe(0);
    };
    await goTo(page, 'eval');
    const before = (await host.engine.call('bench.runs', {})).length;
    await runJob('oracle', 2);
    await runJob(`scripted:${plantedScript(new Map(), PLANTED_FAILURES)}`, 1);
    await expect.poll(() => page.getByTestId('run-link').count(), { timeout: 30_000 }).toBe(before + 2);
    // Newest first: the scripted run, then the oracle's.
    const pass1 = await page.getByTestId('run-pass1').allTextContents();
    // Ten tasks: Wilson's interval says how little ten can show, where a bootstrap said [0.0%, 0.0%].
    expect(pass1.slice(0, 2)).toEqual(['0.0% [0.0%, 27.8%]', '100.0% [72.2%, 100.0%]']);
    // The scripted run is the newer one, listed first.
    await page.getByTestId('run-link').first().click();
    await page.getByTestId('run-pass-at-1').waitFor();
    expect(await page.getByTestId('run-pass-at-1').textContent()).toContain('0.0%');
    expect(await page.getByTestId('manifest').textContent()).toContain('scripted:');
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(10);
    const kinds = [
      'wrong final answer',
      'premature answer',
      'failed to decline',
      'unrecovered API error',
      'invented value',
      'wrong tool',
      'no call',
      'step cap or loop',
      'invalid arguments',
      'unparseable output',
    ];
    for (const kind of kinds) {
      await page.getByTestId('filter-failure').selectOption(kind);
      await expect.poll(() => page.getByTestId('task-row').count(), { message: kind }).toBe(1);
    }
    expect(await page.getByTestId('filter-failure').locator('option[value="unparseable output"]').textContent()).toBe('읽을 수 없는 출력');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'eval-run-ko.png'), fullPage: true });
    await page.getByTestId('filter-failure').selectOption('invalid arguments');
    await page.getByTestId('task-row').locator('a').click();
    await page.getByTestId('attempt').waitFor();
    expect(await page.evaluate(() => decodeURIComponent(location.hash))).toMatch(/^#\/eval\/run\/.+\/task\/re-09$/);
    // The window says a failure kind in its language; the filter and the attribute keep the taxonomy's id.
    expect(await page.getByTestId('attempt-failure').textContent()).toBe('잘못된 인자');
    expect(await page.getByTestId('attempt-failure').getAttribute('data-failure')).toBe('invalid arguments');
    expect(await page.getByTestId('attempt-why').textContent()).toBe('7은(는) 기대한 1이(가) 아닙니다');
    expect(await page.getByTestId('attempt-claim').textContent()).toContain('7건 (읽은 값: 7)');
    expect(await page.getByTestId('reference-plan').textContent()).toContain('molit.getRTMSDataSvcOffiTrade');
    // The planted LAWD_CD ("강남구") is marked as differing from the plan's literal.
    expect(await page.locator('[data-testid=attempt] .mismatch').allTextContents()).toContain('강남구');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'eval-task-ko.png'), fullPage: true });
    const download = page.waitForEvent('download');
    await page.goBack();
    await page.getByTestId('report-download').click();
    const report = await download;
    expect(report.suggestedFilename()).toMatch(/\.html$/);
    // The report follows the window's language.
    const html = readFileSync((await report.path())!, 'utf8');
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain('실패 유형 (실패한 시도 10번)');
    // One language to the end: the run's settings in words, not the engine's ids.
    expect(html).toMatch(/온도 0, 시드 \d+ · 에뮬레이터/);
    expect(html).not.toContain('T=0');
    const reportPage = await w.context.newPage();
    await reportPage.setContent(html);
    await reportPage.screenshot({ path: path.join(screenshots, 'eval-report-ko.png'), fullPage: true });
    await reportPage.close();
    await goTo(page, 'eval');
    await page.getByTestId('pick-run').nth(0).check();
    await page.getByTestId('pick-run').nth(1).check();
    await page.getByTestId('compare-runs').click();
    await page.getByTestId('comparison').waitFor();
    expect(await page.getByTestId('compare-difference').textContent()).toContain('+100.0');
    expect(await page.getByTestId('comparison').textContent()).toContain('짝지은 부호 뒤집기 검정');
    await expect.poll(() => page.getByTestId('flips-better').locator('tbody tr').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'eval-compare-ko.png'), fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('flips-better').locator('h3').textContent()).toContain('Tasks better in B');
    expect(await page.getByTestId('comparison').textContent()).toContain('paired sign-flip test');
    await page.screenshot({ path: path.join(screenshots, 'eval-compare-en.png'), fullPage: true });
    await page.getByTestId('compare-swap').click();
    await expect.poll(() => page.getByTestId('compare-difference').textContent()).toContain('-100.0');
    await page.getByTestId('flips-worse').locator('tbody a').first().click();
    await page.getByTestId('attempt').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'eval-task-en.png'), fullPage: true });
    await page.goBack();
    await page.goBack();
    await page.getByTestId('flips-better').locator('tbody a').first().click();
    await page.getByTestId('reference-plan').waitFor();
    await page.getByRole('link', { name: /← Run/ }).click();
    await page.getByTestId('run-pass-at-1').waitFor();
    await page.screenshot({ path: path.join(screenshots, 'eval-run-en.png'), fullPage: true });
    await close(w);
  }, 300_000);
});
