// What an agency's service sends is data in the window too. Live mode here reaches a loopback server that answers
// every call with markup (an image with an onerror handler, inline SVG, a javascript: link), a field whose name is
// markup, a 3,000-character unbroken value and right-to-left overrides; a user catalog names a tool with the same
// markup. Seen in Chromium with the page's CSP enforced, on every view that shows API or model text (the catalog
// and its try-it tabs, a chat's call card, a synthesized sample, an evaluation's task page, the graph's tool list and
// a link's evidence) and in the run's HTML report: no element, link or request of the text's choosing, no CSP
// violation, nothing wider than the window, and the launch token in no Referer, no file of the data folder and no
// export.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseAfterFile } from '../../helpers/release.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { remoteSpec } from '../../helpers/catalog.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { browser, close, dataDir, eventHandlers, expectInert, goTo, host, open, script, useWorkbench, type Watched } from './harness.ts';

const MARKUP = '<img src="http://evil.example/p.png" onerror="alert(1)"><svg onload="alert(2)"></svg>[x](javascript:alert(3))';
const LONG = 'B'.repeat(3000);
const RTL = '\u202eevil\u202c';

/** Whether the holidays' dates are markup too (while a link from them is verified: the evidence shows them). */
let markupDates = false;

/** Every call's answer: the shape of the service asked, with hostile values (and a hostile field name). */
function hostileBody(url: string): string {
  const item = url.includes('getRestDeInfo')
    ? [{ dateKind: '01', dateName: `${MARKUP} 기념일`, isHoliday: 'Y', locdate: markupDates ? `2025${MARKUP}` : 20250505, seq: 1 }]
    : [{ baseDate: '20250302', baseTime: '1400', category: MARKUP, obsrValue: RTL, nx: 60, ny: 127, [MARKUP]: LONG, link: 'javascript:alert(9)' }];
  return JSON.stringify({
    response: { header: { resultCode: '00', resultMsg: MARKUP }, body: { items: { item }, totalCount: item.length, numOfRows: 10, pageNo: 1 } },
  });
}

let agency: Server;

useWorkbench(async (folder) => {
  agency = createServer((req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(hostileBody(req.url ?? '')));
  await new Promise<void>((resolve) => agency.listen(0, '127.0.0.1', resolve));
  releaseAfterFile(() => new Promise((resolve) => agency.close(resolve)));
  // A user catalog whose tool is named and described in markup, on a host the user granted the data.go.kr key.
  const spec = structuredClone(remoteSpec('kma.getUltraSrtNcst'));
  const tool = {
    ...spec,
    id: 'collector.hostile',
    agency: 'collector',
    name: { ko: `수집 ${MARKUP}`, en: `Collect ${MARKUP}` },
    description: { ko: `${MARKUP} ${RTL}`, en: MARKUP },
    endpoint: { ...spec.endpoint, host: 'openapi.agency.go.kr' },
    quota: { group: 'collector.hostile', perDay: 100 },
  };
  mkdirSync(path.join(folder, 'catalog'), { recursive: true });
  writeFileSync(
    path.join(folder, 'catalog', 'collector.json'),
    JSON.stringify({ agency: 'collector', agencyName: { ko: `수집기 ${MARKUP}`, en: 'Collector' }, tools: [tool] }),
  );
  writeFileSync(path.join(folder, 'catalog', 'key-grants.json'), JSON.stringify({ grants: [{ keyId: 'data.go.kr', host: 'openapi.agency.go.kr' }] }));
  return {
    keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'hostile-test-key' }),
    gateway: { apiBase: `http://127.0.0.1:${(agency.address() as AddressInfo).port}`, retries: 0 },
  };
});

async function goLive(w: Watched): Promise<void> {
  await goTo(w.page, 'settings');
  await w.page.getByTestId('mode-live').click();
  await w.page.getByRole('alertdialog').getByRole('button', { name: '실제 API 사용' }).click();
  await expect.poll(() => w.page.getByTestId('mode-badge').textContent()).toContain('실제');
}

/** Every file under `dir`, as bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ file, bytes: readFileSync(file) }];
  });
}

describe('hostile API text in the window', () => {
  it('stays text in the catalog, in every try-it tab and in a chat call card, with the CSP enforced', async () => {
    const w = await open({ enforceCsp: true });
    const { page } = w;
    await goLive(w);

    await goTo(page, 'catalog');
    await page.getByTestId('catalog-search').fill('collector');
    await expect.poll(() => page.getByTestId('catalog-tool').count()).toBe(1);
    expect(await page.getByTestId('catalog-tool').textContent()).toContain('<img src=');
    await expectInert(w);
    await page.getByTestId('catalog-tool').click();
    expect(await page.getByTestId('tool-id').textContent()).toBe('collector.hostile');
    expect(await page.locator('main').textContent()).toContain('onerror="alert(1)"');
    await expectInert(w);

    await goTo(page, 'catalog/kma.getUltraSrtNcst');
    await page.getByTestId('try-example').first().click();
    await page.getByTestId('try-call').click();
    const outcome = page.getByTestId('try-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-ok')).toBe('true');
    expect(await outcome.locator('table').textContent()).toContain(MARKUP);
    await expectInert(w);
    await page.getByTestId('try-tab-raw').click();
    expect(await page.getByTestId('try-raw').textContent()).toContain('javascript:alert(9)');
    await expectInert(w);
    await page.getByTestId('try-tab-json').click();
    expect(await outcome.textContent()).toContain(LONG);
    await expectInert(w);

    const model = script([
      { toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 } }] },
      { text: '지금 기온은 알 수 없습니다.' },
    ]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-input').fill('지금 서울 종로구 날씨 어때?');
    await page.getByTestId('send').click();
    await expect.poll(() => page.locator('[data-status=approval]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('approval-question').textContent()).toBe('이 호출은 기관 API로 나갑니다. 실행할까요?');
    await page.getByRole('button', { name: '이번만 허용' }).click();
    await page.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-status=done]').textContent()).toContain(MARKUP);
    await expectInert(w);
    await close(w);
  }, 180_000);

  it('stays text in a synthesized sample, an evaluation task page, the graph and its evidence, and the HTML report', async () => {
    await host.engine.call('edges.propose', {});
    const { edges } = await host.engine.call('edges.list', { tool: 'kasi.getRestDeInfo' });
    const link = edges.find((e) => e.fromTool === 'kasi.getRestDeInfo' && e.toTool === 'kasi.getLCRiseSetInfo')!;
    markupDates = true;
    await host.engine.call('edges.verify', { mode: 'live', edges: [link.id], asOf: '2025-03-02T05:00:00Z' });
    markupDates = false;
    await host.engine.call('synth.run', { count: 3, seed: 'hostile', name: 'hostile', mode: 'live', minSteps: 1, maxSteps: 1, asOf: '2025-03-02T05:00:00Z' });
    const turns = path.join(tempDir(), 'hostile.jsonl');
    writeFileSync(
      turns,
      JSON.stringify({
        task: 'cal-01',
        turns: [
          { toolCalls: [{ name: `kasi_getRestDeInfo${MARKUP}`, arguments: { solYear: '2025' } }] },
          { toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }] },
          { text: `${MARKUP} ${LONG}` },
        ],
      }),
    );
    const run = await host.engine.call('bench.run', { suite: 'kopa', model: `scripted:${turns}`, tasks: ['cal-01'], mode: 'live' });
    expect(run.errors).toEqual([]);

    const w = await open({ enforceCsp: true });
    const { page } = w;
    await goTo(page, 'synthesis');
    await page.getByTestId('dataset-link').filter({ hasText: 'hostile' }).click();
    await page.getByTestId('sample-list').waitFor();
    const { samples } = await host.engine.call('synth.samples', { dataset: 'hostile' });
    const answers = await Promise.all(samples.map((s) => host.engine.call('synth.sample', { dataset: 'hostile', ordinal: s.ordinal })));
    const marked = answers.find((s) => s.answerText.includes('<img'))!;
    await page.getByTestId('sample-row').filter({ hasText: marked.query }).first().click();
    await page.getByTestId('sample-panel').waitFor();
    expect(await page.getByTestId('sample-answer').textContent()).toContain('<img src=');
    await expectInert(w);

    await goTo(page, `eval/run/${encodeURIComponent(run.runId)}/task/cal-01`);
    await page.getByTestId('attempt').first().waitFor();
    expect(await page.getByTestId('attempt-answer').first().textContent()).toContain(MARKUP);
    expect(await page.getByTestId('attempt').first().textContent()).toContain(`kasi_getRestDeInfo${MARKUP}`);
    await expectInert(w);

    await goTo(page, 'graph');
    await page.getByTestId('graph-find').fill('collector.hostile');
    await page.getByTestId('graph-find').press('Enter');
    await expect.poll(() => page.getByTestId('link-list').locator('h3').getAttribute('data-tool')).toBe('collector.hostile');
    expect(await page.getByTestId('graph-canvas').locator('foreignObject, image, a, script').count()).toBe(0);
    await expectInert(w, '[data-testid=link-list]');
    // The link was rejected (a date of markup is no date): rejected links are shown on request, and so are links
    // that only match in format (a date carried into another tool's date).
    await page.getByTestId('graph-status-rejected').click();
    await page.getByTestId('graph-link-format').click();
    await page.getByTestId('graph-find').fill('kasi.getRestDeInfo');
    await page.getByTestId('graph-find').press('Enter');
    await page.locator('[data-testid=link-item]:has([title*="kasi.getLCRiseSetInfo"])').first().click();
    // The values passed are said in the trial's sentence, as text.
    await expect.poll(() => page.getByTestId('edge-trials').textContent()).toContain('2025<img src=');
    expect(await page.getByTestId('edge-trials').textContent()).toContain('[x](javascript:alert(3))');
    await expectInert(w, '[data-testid=edge-panel]');
    await close(w);

    // The report is opened on its own, as a file would be: its CSP forbids scripts and loads.
    const report = await host.engine.call('bench.report', { run: run.runId, format: 'html', lang: 'ko' });
    const context = await browser.newContext();
    const loads: string[] = [];
    const dialogs: string[] = [];
    const reportPage = await context.newPage();
    reportPage.on('request', (r) => loads.push(r.url()));
    reportPage.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await reportPage.setContent(report.content, { waitUntil: 'load' });
    expect(await reportPage.locator('body').textContent()).toContain(MARKUP);
    expect(await reportPage.locator('img, script, iframe, object, embed, a[href]').count()).toBe(0);
    expect(await eventHandlers(reportPage)).toEqual([]);
    expect(loads.filter((url) => url !== 'about:blank')).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();

    // The launch token lives in the page's address fragment only: no file the engine wrote holds it.
    const token = /token=([0-9a-f]+)/.exec(host.transport.launchUrl)![1]!;
    expect(
      filesUnder(dataDir)
        .filter(({ bytes }) => bytes.includes(token))
        .map(({ file }) => file),
    ).toEqual([]);
    expect(report.content).not.toContain(token);
  }, 240_000);
});
