// The graph view and the evaluation task table under load, in browser mode with headless Chromium: the graph's
// layout time (in Node, the same code the page runs) and the time until 1,000 links are drawn, frame times while
// panning and zooming it; the frame times while scrolling a run's task table of 10,000 attempts. Budget: no frame
// over 50 ms. The bundled catalog has 46 drawable tools (the query tool is not drawn): a made-up agency in the data
// folder's catalog brings them to 60; the links are synthetic.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Engine } from '../../main/engine/Engine.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';
import type { CatalogFile, ToolSpec } from '../../main/core/catalog/types.ts';
import { edgeStore } from '../../main/engine/edges/edgeStore.ts';
import { BenchRepository } from '../../main/engine/store/repositories/BenchRepository.ts';
import { startBrowserHost } from '../../main/host/browserHost.ts';
import { edgeId, type Candidate, type CandidateBasis } from '../../main/core/edges/types.ts';
import { runNumbers } from '../../main/core/bench/summary.ts';
import type { BenchAttemptRow, BenchManifest, BenchRunSummary } from '../../main/core/bench/runTypes.ts';
import type { BenchTask, FailureKind } from '../../main/core/bench/types.ts';
import { layoutGraph } from '../../renderer/src/views/graph/graphLayout.ts';
import { launchChromium } from '../helpers/browser.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

const TOOLS = 60;
const LINKS = sized(1000, 120);
const ATTEMPTS = sized(10_000, 300);

declare global {
  interface Window {
    kopaFrames: { on: boolean; frames: number[] };
  }
}

const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const frameLine = (what: string, frames: number[]): string =>
  `${what}: ${frames.length} frames, median ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms, over 50 ms: ${frames.filter((f) => f > 50).length} (budget: none)`;

async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.kopaFrames = { on: false, frames: [] };
    let last = performance.now();
    const loop = (now: number): void => {
      if (window.kopaFrames.on) window.kopaFrames.frames.push(now - last);
      last = now;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
}

async function framesDuring(page: Page, work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => ((window.kopaFrames.on = true), (window.kopaFrames.frames = [])));
  await work();
  return page.evaluate(() => ((window.kopaFrames.on = false), window.kopaFrames.frames.slice(1)));
}

/**
 * Tools of a made-up agency in the data folder's catalog (copies of a holiday tool at paths of their own), so that the
 * graph has `total` tools, as a catalog grown past the bundled one would.
 */
async function addLoadTestTools(dataDir: string, total: number): Promise<void> {
  const bundled = Engine.open({ dataDir: tempDir(), host: 'test' });
  const have = bundled
    .catalog()
    .list()
    .filter((t) => t.kind !== 'query').length;
  await bundled.dispose();
  const kasi = JSON.parse(readFileSync(path.join(defaultResourcesDir(), 'catalog', 'kasi.json'), 'utf8')) as CatalogFile;
  const base = kasi.tools[0]! as ToolSpec & { endpoint: { path: string } };
  const tools = Array.from({ length: Math.max(0, total - have) }, (_, i) => ({
    ...base,
    id: `loadtest.tool${i + 1}`,
    agency: 'LoadTest',
    name: { ko: `부하 시험 도구 ${i + 1}`, en: `Load test tool ${i + 1}` },
    endpoint: { ...base.endpoint, path: `${base.endpoint.path}${i + 1}` },
  }));
  mkdirSync(path.join(dataDir, 'catalog'), { recursive: true });
  writeFileSync(
    path.join(dataDir, 'catalog', 'loadtest.json'),
    JSON.stringify({ agency: 'LoadTest', agencyName: { ko: '부하 시험', en: 'Load test' }, tools }),
  );
}

function syntheticLinks(tools: string[], count: number): Candidate[] {
  const bases: CandidateBasis[] = ['semantic', 'transform', 'lexical'];
  return Array.from({ length: count }, (_, i) => {
    const fromTool = tools[i % tools.length]!;
    const toTool = tools[(i * 7 + 3) % tools.length] === fromTool ? tools[(i * 7 + 4) % tools.length]! : tools[(i * 7 + 3) % tools.length]!;
    const key = { fromTool, fromFields: [`field${i}`], toTool, toParams: [`param${i % 5}`], transform: 'identity' };
    return { ...key, id: edgeId(key), basis: bases[i % 3]!, score: (i % 10) / 10 };
  });
}

describe('workbench views under load', () => {
  it(`lays out and pans a graph of ${TOOLS} tools and ${LINKS} links`, async () => {
    const dataDir = tempDir();
    await addLoadTestTools(dataDir, TOOLS);
    const engine = Engine.open({ dataDir, host: 'test' });
    const tools = engine
      .catalog()
      .list()
      .filter((t) => t.kind !== 'query');
    expect(tools).toHaveLength(TOOLS);
    const links = syntheticLinks(
      tools.map((t) => t.id),
      LINKS,
    );
    edgeStore(engine).propose(links, new Date());
    await engine.dispose();
    const layouts = Array.from({ length: 5 }, () => {
      const started = performance.now();
      layoutGraph({ tools, links: links.map((l) => ({ from: l.fromTool, to: l.toTool })), width: 1200, height: 760 });
      return performance.now() - started;
    });

    const host = await startBrowserHost({ dataDir });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      await recordFrames(page);
      await page.goto(host.transport.launchUrl);
      await page.getByTestId('connection').waitFor();
      const asked = Date.now();
      await page.evaluate(() => (location.hash = '#/graph'));
      await page.getByTestId('graph-view-tools').click();
      await page.waitForFunction((n) => document.querySelector('[data-testid=graph-canvas]')?.getAttribute('data-links') === String(n), LINKS, {
        timeout: 120_000,
      });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const drawn = Date.now() - asked;
      const box = (await page.getByTestId('graph-canvas').boundingBox())!;
      const panning = await framesDuring(page, async () => {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        for (let i = 0; i < 60; i++) await page.mouse.move(box.x + box.width / 2 + i * 4, box.y + box.height / 2 + i * 2);
        await page.mouse.up();
      });
      const zooming = await framesDuring(page, async () => {
        for (let i = 0; i < 10; i++) await page.mouse.wheel(0, i < 5 ? -120 : 120);
      });
      console.log(
        [
          `graph of ${tools.length} tools and ${LINKS} links: layout ${quantile(layouts, 0.5).toFixed(1)} ms (median of 5, in Node); drawn ${drawn} ms after opening the view`,
          frameLine('panning', panning),
          frameLine('zooming', zooming),
        ].join('\n'),
      );
      expect(panning.length).toBeGreaterThan(0);
    } finally {
      await browser.close();
      await host.close();
    }
  }, 600_000);

  it(`scrolls a task table of ${ATTEMPTS} attempts`, async () => {
    const dataDir = tempDir();
    const engine = Engine.open({ dataDir, host: 'test' });
    const kinds: FailureKind[] = ['wrong final answer', 'invalid arguments', 'no call'];
    const tasks: BenchTask[] = Array.from({ length: ATTEMPTS }, (_, i) => ({
      id: `perf-${String(i).padStart(5, '0')}`,
      query_ko: `성능 측정용 과제 ${i}: 2025년 5월 서울 강남구 아파트 매매 거래는 몇 건이었어요?`,
      asOf: '2025-06-01T10:00:00+09:00',
      tools: ['molit.getRTMSDataSvcAptTradeDev'],
      plan: {
        version: 1,
        steps: [{ id: 's1', tool: 'molit.getRTMSDataSvcAptTradeDev', args: { LAWD_CD: { value: '11680' }, DEAL_YMD: { value: '202505' } } }],
        answer: { expr: 's1.totalCount', compare: 'number' },
      },
      level: 1 + (i % 4),
      abilities: ['sequential'],
    }));
    const metrics = {
      toolPrecision: 1,
      toolRecall: 1,
      toolF1: 1,
      argumentAccuracy: 1,
      provenance: { user: 2, tool: 0, invented: 0 },
      invented: [],
      stepsUsed: 1,
      stepsNeeded: 1,
      faultsMet: 0,
      faultsRecovered: 0,
    };
    const attempts: BenchAttemptRow[] = tasks.map((task, i) => ({
      taskId: task.id,
      sample: 1,
      transcript: [],
      calls: [{ tool: 'molit.getRTMSDataSvcAptTradeDev', arguments: { LAWD_CD: '11680', DEAL_YMD: '202505' }, ok: true, errorKind: null, rows: 10 }],
      answer: '10건',
      verdict: i % 3 === 0 ? 'fail' : 'pass',
      failure: i % 3 === 0 ? kinds[i % kinds.length]! : null,
      detail: '',
      expected: 10,
      metrics,
      stoppedBy: 'final',
      tokensIn: 0,
      tokensOut: 0,
      ms: 5,
      finishedAt: new Date().toISOString(),
    }));
    const numbers = runNumbers(
      tasks,
      attempts.map((a) => ({ taskId: a.taskId, pass: a.verdict === 'pass', failure: a.failure, metrics: a.metrics })),
      () => ['MOLIT'],
    );
    const summary: BenchRunSummary = {
      runId: 'perf',
      status: 'done',
      samples: 1,
      ran: attempts.length,
      resumed: 0,
      errors: [],
      tokens: { input: 0, output: 0 },
      overheadMs: 0,
      seconds: 0,
      ...numbers,
    };
    const manifest = {
      runId: 'perf',
      suite: { name: 'perf', version: null, hash: 'perf', tasks: tasks.length },
      model: { ref: 'synthetic', backend: 'scripted', sha256: null, quantization: null, chatTemplate: null, file: null, lora: [] },
      sampling: { samples: 1, temperature: 0, maxTokens: null, maxSteps: 10, seed: 1 },
      backend: { mode: 'emulator', snapshot: null, snapshotHash: null, emulatorSeed: 1 },
      view: { resultTokens: 1024, maxChars: 4000, queryTool: true },
      app: { version: 'perf', node: process.version, platform: process.platform },
      createdAt: new Date().toISOString(),
    } satisfies BenchManifest;
    const repo = new BenchRepository(engine.store.db);
    repo.createRun('perf', 'perf', manifest, new Date());
    engine.store.db.transaction(() => attempts.forEach((a) => repo.addAttempt('perf', a)))();
    repo.setStatus('perf', 'done', summary, new Date());
    await engine.dispose();

    const host = await startBrowserHost({ dataDir });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      await recordFrames(page);
      await page.goto(host.transport.launchUrl);
      await page.getByTestId('connection').waitFor();
      const asked = Date.now();
      await page.evaluate(() => (location.hash = '#/eval/run/perf'));
      await page.getByTestId('task-row').first().waitFor({ timeout: 120_000 });
      const shown = Date.now() - asked;
      const list = page.getByTestId('task-list');
      const scrolling = await framesDuring(page, async () => {
        for (let i = 0; i < 80; i++) {
          await list.evaluate((el) => el.scrollBy(0, 600));
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        }
      });
      console.log([`task table of ${ATTEMPTS} attempts: run page shown ${shown} ms after opening it`, frameLine('scrolling', scrolling)].join('\n'));
      expect(await page.getByTestId('task-row').count()).toBeLessThan(100);
    } finally {
      await browser.close();
      await host.close();
    }
  }, 600_000);
});
