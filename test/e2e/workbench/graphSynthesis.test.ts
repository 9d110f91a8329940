// The graph and synthesis: links verified from the Graph view with their evidence; a synthesis of 100 samples that a
// reloaded page finds running, then finished; the dataset browsed, one sample's plan, trace and alternatives, and exported.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tempDir.ts';
import { axeViolations, close, goTo, host, open, screenshots, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
  it("verifies the graph from the Graph view, filters to rejected links, opens one's evidence and verifies it again, and the Overview follows", async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'graph');
    // It opens by agency, where the whole graph of tools would be a tangle.
    expect(await page.getByTestId('graph-view-agencies').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('graph-propose').click();
    await expect.poll(async () => Number(await page.getByTestId('graph-agencies').getAttribute('data-arcs'))).toBeGreaterThan(5);
    await page.getByTestId('graph-view-tools').click();
    await expect.poll(async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-links'))).toBeGreaterThan(50);
    await page.getByTestId('graph-view-agencies').click();
    await page.getByTestId('graph-verify').click();
    await page.locator('[data-testid=job][data-status=running], [data-testid=job][data-status=done]').first().waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=job][data-status=done]').first().waitFor({ timeout: 240_000 });
    await expect.poll(() => page.getByTestId('graph-summary').textContent()).toMatch(/검증됨 [1-9]\d* · 후보 \d+ · 낡음 0 · 거부됨 [1-9]/);
    // Every agency's name and note in its own place, at both widths and in both languages: no two cover each other.
    const overlapping = (): Promise<string[]> =>
      page.evaluate(() => {
        const boxes = Array.from(document.querySelectorAll('[data-testid=agency-row] text')).map((el) => ({
          text: el.textContent ?? '',
          box: el.getBoundingClientRect(),
        }));
        const clashes: string[] = [];
        boxes.forEach((a, i) =>
          boxes.slice(i + 1).forEach((b) => {
            if (a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom)
              clashes.push(`${a.text} / ${b.text}`);
          }),
        );
        return clashes;
      });
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const language of ['English', '한국어']) {
        await page.getByRole('button', { name: language }).click();
        await expect.poll(() => page.getByTestId('agency-row').count()).toBeGreaterThan(10);
        expect(await overlapping(), `${width} px, ${language}`).toEqual([]);
        await page
          .getByTestId('graph-agencies')
          .screenshot({ path: path.join(screenshots, `graph-agencies-${language === 'English' ? 'en' : 'ko'}-${width}.png`) });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'graph-agencies-ko.png') });
    // An agency opens its tools and links in the whole graph.
    await page.locator('[data-testid=agency-row][data-agency=KMA]').click();
    await page.getByTestId('graph-canvas').waitFor();
    expect(await page.locator('.graph-filters select').inputValue()).toBe('KMA');
    await page.locator('.graph-filters select').selectOption('');
    for (const status of ['verified', 'candidate', 'stale', 'rejected']) await page.getByTestId(`graph-status-${status}`).click();
    const rejected = page.getByTestId('link-item');
    await expect.poll(() => rejected.count()).toBeGreaterThan(0);
    expect(new Set(await rejected.evaluateAll((items) => items.map((i) => i.getAttribute('data-status'))))).toEqual(new Set(['rejected']));
    expect(await page.getByTestId('graph-canvas').getAttribute('data-statuses')).toBe('rejected');
    // Every rejected link says why; some were refused without a trial (no source row carried the field), so look for
    // one whose trials are on record (the emulator's data follows today's date).
    let trials = 0;
    const candidates = Math.min(await rejected.count(), 25);
    for (let i = 0; i < candidates && trials === 0; i++) {
      await rejected.nth(i).click();
      await expect.poll(() => page.getByTestId('edge-status').textContent()).toBe('거부됨');
      // Why, in the screen's language (the verifier's own words are English).
      expect(await page.getByTestId('edge-reason').textContent()).toMatch(/^ · (시험 \d+번 중 \d+번 실패|시험하지 못함: .+)$/);
      trials = await page.getByTestId('edge-trials').locator('li').count();
    }
    expect(trials).toBeGreaterThan(0);
    // A trial's line is in the screen's language: the backend and the graph's version in words.
    expect(await page.getByTestId('edge-trials').locator('li .muted').first().textContent()).toMatch(/ · 에뮬레이터 · 그래프 버전 \d+ · [\d,]+ ms$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'graph-rejected-ko.png') });
    await page.getByTestId('edge-reverify').click();
    await expect.poll(() => page.locator('[data-testid=job][data-status=done]').count(), { timeout: 120_000 }).toBe(2);
    // The panel reads the link's evidence again: more trials.
    await expect.poll(() => page.getByTestId('edge-trials').locator('li').count()).toBeGreaterThan(trials);
    // Found as it is typed, by its Korean name: 단기예보 is 단기예보 조회 before 초단기예보 조회.
    await page.getByTestId('graph-find').fill('단기예보');
    await expect.poll(() => page.getByTestId('graph-match').first().textContent()).toMatch(/^단기예보 조회/);
    await page.getByTestId('graph-find').fill('공휴일');
    await page.getByTestId('graph-find').press('Enter');
    await expect.poll(() => page.getByTestId('link-list').locator('h3').getAttribute('data-tool')).toBe('kasi.getRestDeInfo');
    expect(await page.getByTestId('graph-matches').count()).toBe(0);
    await page.screenshot({ path: path.join(screenshots, 'graph-focus-ko.png') });
    // A date that merely fits another tool's date is no dependency: such links are shown only when asked for, and
    // their evidence says so in words.
    await page.getByTestId('graph-status-verified').click();
    await page.getByTestId('graph-link-dependency').click();
    await page.getByTestId('graph-link-format').click();
    await expect.poll(() => page.getByTestId('link-item').count()).toBeGreaterThan(0);
    await page.getByTestId('link-item').first().click();
    await expect.poll(() => page.getByTestId('edge-kind').textContent()).toMatch(/^형식만 맞음 · /);
    await expect.poll(() => page.getByTestId('trial-words').first().textContent()).toMatch(/^앞 도구 결과의 .+ (\d+건을 돌려줌|자료를 돌려주지 않음 \(.+\))$/);
    await page.screenshot({ path: path.join(screenshots, 'graph-format-only-ko.png') });
    await goTo(page, '');
    await expect.poll(() => page.getByTestId('figure-links').locator('.figure-value').textContent()).toMatch(/^[1-9]/);
    await page.getByTestId('figure-links').click();
    await page.getByTestId('graph-agencies').waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/graph');
    await close(w);
  }, 400_000);

  it('runs a synthesis of 100 samples as a job that a reloaded page finds still running, then finished', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'synthesis');
    // The status bar's emulator is the starting choice; live on purpose asks first, and cancelled starts nothing.
    const synthJobs = async (): Promise<number> => (await host.engine.call('jobs.list', {})).filter((j) => j.method === 'synth.run').length;
    const before = await synthJobs();
    expect(await page.getByTestId('synth-mode').inputValue()).toBe('emulator');
    await page.getByTestId('synth-mode').selectOption('live');
    await page.getByTestId('synth-start').click();
    await page.getByRole('alertdialog').waitFor();
    expect(await page.getByRole('alertdialog').textContent()).toContain('실제 기관 API로 합성할까요?');
    // It says beforehand which keys are missing (none is set here), so that the analyst is not surprised by failures.
    expect(await page.getByRole('alertdialog').textContent()).toContain('다음 키가 없어 그 기관의 API 호출은 실패합니다: 공공데이터포털 일반 인증키');
    await page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click();
    expect(await synthJobs()).toBe(before);
    await page.getByTestId('synth-mode').selectOption('emulator');
    await page.getByTestId('synth-count').fill('100');
    await page.getByTestId('synth-name').fill('analyst-set');
    await page.getByTestId('synth-start').click();
    await page.locator('[data-testid=job][data-status=running]').waitFor({ timeout: 15_000 });
    await page.reload();
    await page.locator('[data-testid=job][data-status=running]').waitFor({ timeout: 15_000 });
    await page.getByTestId('strip-jobs').waitFor();
    // The gates' refusals count up while it runs.
    await expect.poll(() => page.getByTestId('job-counts').first().textContent(), { timeout: 30_000 }).toMatch(/^시도 \d+번/);
    await page.screenshot({ path: path.join(screenshots, 'synthesis-running.png') });
    await page.locator('[data-testid=job][data-status=done]').waitFor({ timeout: 240_000 });
    // Finished, its card still says what was tried and what each gate refused, and its count adds up to the dataset's.
    const done = page.locator('[data-testid=job][data-status=done]').first();
    expect(await done.getByTestId('job-counts').textContent()).toMatch(/^시도 \d+번 · 걸러냄: /);
    expect(await done.getByTestId('job-summary').textContent()).toMatch(/^100 \/ 100 · /);
    await expect.poll(() => page.getByTestId('datasets').locator('tbody tr').first().textContent()).toContain('100');
    expect(await page.getByTestId('dataset-link').first().textContent()).toBe('analyst-set');
    expect(await page.getByTestId('strip-jobs').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'synthesis-done.png') });
    await close(w);
  }, 300_000);

  it("browses the synthesized dataset: filters its samples, opens one's plan, trace and alternatives, and exports it with its card", async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'synthesis');
    await page.getByTestId('dataset-link').first().click();
    await page.getByTestId('sample-list').waitFor();
    await expect.poll(() => page.getByTestId('sample-count').textContent()).toMatch(/100개 중 100개/);
    await page.getByTestId('sample-alternative').selectOption('with');
    const withAlternatives = Number((await page.getByTestId('sample-count').textContent())!.match(/중 (\d+)개/)![1]);
    expect(withAlternatives).toBeGreaterThan(0);
    expect(withAlternatives).toBeLessThan(100);
    await page.getByTestId('sample-row').first().click();
    await page.getByTestId('sample-panel').waitFor();
    expect(await page.evaluate(() => location.hash)).toMatch(/^#\/synthesis\/.+\/\d+$/);
    expect((await page.getByTestId('sample-query').textContent())!.length).toBeGreaterThan(5);
    expect(await page.getByTestId('plan-diagram').locator('li').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('sample-trace').locator('li').count()).toBeGreaterThan(1);
    // A later step's argument is carried from an earlier one, and says which.
    expect(await page.getByTestId('sample-trace').textContent()).toMatch(/← s1/);
    // A value the request never says is not credited to it: the plan set it.
    const trace = (await page.getByTestId('sample-trace').textContent())!;
    expect(trace).not.toMatch(/numOfRows\d+← 질문/);
    expect(await page.getByTestId('sample-alternatives').locator('.alternative').count()).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'synthesis-sample-ko.png'), fullPage: true });
    const out = path.join(tempDir(), 'edge-grpo.jsonl');
    await page.getByTestId('export-format').selectOption('trl-grpo');
    await page.getByTestId('export-out').fill(out);
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-result').waitFor();
    expect(await page.getByTestId('export-result').textContent()).toContain('100행');
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(100);
    await page.getByTestId('export-result').locator('summary').click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.screenshot({ path: path.join(screenshots, 'synthesis-sample-en.png'), fullPage: true });
    await close(w);
  }, 120_000);
});
