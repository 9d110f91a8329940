// The workbench in browser mode, driven as an analyst drives it: every view by its address (and again after a
// reload), a chat whose scripted model calls two tools (one allowed, one denied with a reason the model reads), a
// streamed answer, a stopped generation, an exported session, model import and load, write-only keys, the backend
// mode and the audit log's verification. Every page fails the test on a console error or a failed request, passes an
// axe-core check, and leaves screenshots in both languages and both themes under test-results/workbench.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost.ts';
import { KeyVault } from '../../main/engine/secrets/keyVault.ts';
import { Engine } from '../../main/engine/Engine.ts';
import { EmulatorServer } from '../../main/engine/emulator/EmulatorServer.ts';
import { MemoryKeyStore } from '../../main/engine/gateway/keyStore.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';
import { bundledCatalog } from '../helpers/catalog.ts';
import { launchChromium } from '../helpers/browser.ts';
import { repoRoot } from '../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../helpers/tempDir.ts';
import { testCipher } from '../helpers/testCipher.ts';
import { PLANTED_FAILURES, plantedScript } from '../helpers/plantedScript.ts';
import { startOpenAiServer } from '../helpers/openAiServer.ts';
import { writeTinyLlama } from '../fixtures/gguf/tinyLlama.ts';
import { writeTinyLora } from '../fixtures/gguf/tinyLora.ts';
import ko from '../../resources/strings/ko.json';
import en from '../../resources/strings/en.json';

const screenshots = path.join(repoRoot, 'test-results', 'workbench');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWS = ['', 'chat', 'models', 'catalog', 'graph', 'synthesis', 'eval', 'settings'];

let browser: Browser;
let host: BrowserHost;
let dataDir: string;

function script(turns: object[]): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, turns.map((t) => JSON.stringify(t)).join('\n'));
  return `scripted:${file}`;
}

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
  /** Every WebSocket frame the page received, and every HTTP response body. */
  received: string[];
  /** Every WebSocket frame the page sent. */
  sent: string[];
  requests: string[];
}

async function open(options: { locale?: 'ko' | 'en'; dark?: boolean; chosenPaths?: Record<string, string> } = {}): Promise<Watched> {
  // axe-core is injected as a script: the page's CSP (script-src 'self') would refuse it, as it should.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true, colorScheme: options.dark ? 'dark' : 'light', acceptDownloads: true });
  if (options.locale === 'en') await context.addInitScript(() => localStorage.setItem('kopa.locale', 'en'));
  // The desktop preload's bridge, as the page sees it: the OS dialog answers with the path chosen for each kind.
  if (options.chosenPaths)
    await context.addInitScript((chosen: Record<string, string>) => {
      const requests: unknown[] = [];
      Object.assign(window, { kopaPathRequests: requests, kopaDesktop: { platform: 'linux', choosePath: async (request: { kind: string }) => (requests.push(request), chosen[request.kind] ?? null) } });
    }, options.chosenPaths);
  const page = await context.newPage();
  const watched: Watched = { page, context, problems: [], received: [], sent: [], requests: [] };
  page.on('console', (m) => m.type() === 'error' && watched.problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => watched.problems.push(`page: ${e.message}`));
  page.on('requestfailed', (r) => watched.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => watched.requests.push(r.url()));
  page.on('response', (r) => void r.text().then((body) => watched.received.push(body), () => undefined));
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => watched.received.push(String(f.payload)));
    ws.on('framesent', (f) => watched.sent.push(String(f.payload)));
  });
  await page.goto(host.transport.launchUrl);
  await expect.poll(() => page.getByTestId('connection').textContent()).toMatch(/엔진 연결됨|Engine connected/);
  return watched;
}

async function goTo(page: Page, view: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#/${view}`);
  await page.locator('main h2').first().waitFor();
  // The view's data arrives over the socket right after.
  await page.waitForTimeout(400);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(() => (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe.run({ resultTypes: ['violations'] }))) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function close(watched: Watched): Promise<void> {
  await watched.context.close();
  expect(watched.problems).toEqual([]);
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  dataDir = fileTempDir();
  const vault = await KeyVault.open({ file: path.join(dataDir, 'keys.json'), cipher: testCipher() });
  host = await startBrowserHost({ dataDir, engine: { vault, llama: { gpu: false, threads: 1 } } });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describe('the workbench', () => {
  it('chats: approves one call, denies another with a reason the model reads, streams the answer, reloads on the chat address and exports it', async () => {
    const w = await open();
    const { page } = w;
    const model = script([
      { thinking: '5월과 6월을 둘 다 확인해 보자.', toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }, { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '06' } }] },
      { text: '2025년 5월 공휴일은 **어린이날**과 부처님오신날(5일), 대체공휴일(6일)입니다. <img src=x onerror=alert(1)> <script>alert(2)</script>', tokenDelayMs: 40 },
    ]);
    await goTo(page, 'chat');
    await page.getByRole('button', { name: '2025년 5월 공휴일은 언제야?' }).click();
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('send').click();

    await expect.poll(() => page.locator('[data-status=approval]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('call-card').first().textContent()).toContain('공휴일 정보 조회');
    await page.getByRole('button', { name: '이번만 허용' }).click();
    await expect.poll(() => page.locator('[data-status=done]').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-status=approval]').count(), { timeout: 15_000 }).toBe(1);
    await page.getByPlaceholder('거부하는 이유 (모델에게 전달)').fill('6월은 묻지 않았습니다');
    await page.getByRole('button', { name: '거부', exact: true }).click();

    await page.getByTestId('streaming').waitFor({ timeout: 15_000 });
    await page.getByTestId('answer').waitFor({ timeout: 20_000 });
    expect(page.url()).toMatch(/#\/chat\/[0-9a-f-]{36}$/);
    const done = page.locator('[data-status=done]');
    expect(await done.locator('table tbody tr').count()).toBe(3);
    expect(await done.textContent()).toContain('← 질문');
    const refused = page.locator('[data-status=refused]');
    expect(await refused.textContent()).toContain('사용자가 밝힌 이유: 6월은 묻지 않았습니다');
    // What the model read as the denied call's result carries the reason.
    await refused.getByRole('button', { name: '모델이 본 결과 보기' }).click();
    expect(await refused.locator('pre').textContent()).toContain('6월은 묻지 않았습니다');

    // Model text is data: the markup shows as text, no element is made of it and nothing is fetched for it.
    const answer = page.getByTestId('answer');
    expect(await answer.textContent()).toContain('<img src=x onerror=alert(1)>');
    expect(await answer.textContent()).toContain('<script>alert(2)</script>');
    expect(await answer.locator('img, script').count()).toBe(0);
    expect(w.requests.filter((u) => /\/x$/.test(u))).toEqual([]);
    expect(await answer.locator('strong').textContent()).toBe('어린이날');
    // The tools were picked for the question (the holiday tool among them), and the thought is kept, folded, apart from the answer.
    expect(await page.getByTestId('offered-tools').locator('summary').textContent()).toMatch(/^이 질문에 맞춰 고른 도구 \d+개$/);
    expect(await page.getByTestId('offered-tools').textContent()).toContain('공휴일 정보 조회');
    expect(await page.getByTestId('thinking').locator('summary').textContent()).toBe('모델이 먼저 생각한 내용');
    expect(await page.getByTestId('thinking').getAttribute('open')).toBeNull();
    expect(await answer.textContent()).not.toContain('둘 다 확인해 보자');

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'chat-answered.png') });

    await page.reload();
    await page.getByTestId('answer').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('call-card').count()).toBe(2);
    // The body the service sent is kept with the call (not with the denied one), and shown on demand after a reload.
    expect(await page.getByTestId('show-raw').count()).toBe(1);
    await page.getByTestId('show-raw').click();
    expect(await page.getByTestId('call-raw').textContent()).toContain('"locdate"');
    expect(await page.getByTestId('call-raw').textContent()).not.toContain('serviceKey');
    expect(await page.getByTestId('sessions').locator('li').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Markdown' }).click()]);
    const file = path.join(tempDir(), download.suggestedFilename());
    await download.saveAs(file);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toContain('# 2025년 5월 공휴일은 언제야?');
    expect(markdown).toContain('`kasi.getRestDeInfo`');
    expect(markdown).toContain('&lt;img src=x');
    await close(w);
  }, 120_000);

  it('stops a generation, and regenerates the answer in the same chat', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'chat');
    const slow = script([{ text: '아주 천천히 나오는 긴 답변입니다. '.repeat(40), tokenDelayMs: 200 }]);
    await page.getByTestId('composer-model').fill(slow);
    await page.getByTestId('composer-approval').uncheck();
    // A chat about holidays needs no weather tools: the chat keeps the agencies it was started with.
    expect(await page.locator('.tool-picker summary').textContent()).toContain('질문에 맞춰 고른 도구');
    await page.getByText('질문에 맞춰 고른 도구').click();
    await page.getByTestId('tools-all').click();
    expect(await page.locator('.tool-picker summary').textContent()).toContain('모든 기관의 도구');
    await page.getByTestId('agency-KMA').uncheck();
    expect(await page.locator('.tool-picker summary').textContent()).toContain('기관 15곳 중 14곳의 도구');
    await page.getByTestId('composer-input').fill('천천히 답해 주세요');
    await page.getByTestId('send').click();
    await page.getByTestId('streaming').waitFor({ timeout: 15_000 });
    await page.getByTestId('stop').click();
    await expect.poll(() => page.getByText('답변 없이 끝났습니다').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('answer').count()).toBe(0);
    await page.getByRole('button', { name: '답변 다시 받기' }).click();
    await page.getByTestId('streaming').waitFor({ timeout: 15_000 });
    await page.getByTestId('stop').click();
    await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await page.getByTestId('turn').waitFor();
    expect(await page.locator('.tool-picker summary').textContent()).toContain('기관 15곳 중 14곳의 도구');

    // A model that does not exist is said so in the window's language.
    await page.getByRole('link', { name: '새 대화' }).click();
    await page.getByTestId('composer-model').fill('oracel');
    await page.getByTestId('composer-input').fill('안녕하세요');
    await page.getByTestId('send').click();
    await expect.poll(() => page.locator('.banner[role=alert]').textContent(), { timeout: 15_000 }).toContain('답변하지 못했습니다: 모델 "oracel"이(가) 없습니다.');
    await close(w);
  }, 120_000);

  it('imports the tiny GGUF with its hashing, shows what it is, loads it, chats one turn with it in grammar mode, unloads it, and checks an inference server', async () => {
    const gguf = await writeTinyLlama({ contextLength: 8192 });
    const w = await open();
    const { page } = w;
    await goTo(page, 'models');
    await page.getByTestId('model-source').fill(gguf);
    await page.getByTestId('model-add').click();
    const card = page.getByTestId('model-card');
    await card.waitFor({ timeout: 30_000 });
    // The import is a job (hashing a large file outlives a reload); its card says it finished.
    await expect.poll(() => page.getByTestId('model-imports').locator('[data-testid=job][data-status=done]').textContent(), { timeout: 15_000 }).toContain(`모델 가져오기${path.basename(gguf)}끝남`);
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain('llama');
    expect(await card.textContent()).toMatch(/SHA-256[0-9a-f]{16}…/);
    expect(await card.textContent()).toContain('JSON 문법으로 강제');
    await card.getByTestId('model-load-context').fill('8192');
    await card.getByTestId('model-load-gpu-layers').fill('0');
    await card.getByTestId('model-load').click();
    await card.getByTestId('model-loaded').waitFor({ timeout: 60_000 });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('CPU · 문맥 8,192 · 시퀀스 1개');
    // The context is made at load, so what it takes is known before the first question.
    await expect.poll(() => card.getByTestId('model-memory').textContent(), { timeout: 15_000 }).toMatch(/^RAM \d[\d.]* (KiB|MiB) · VRAM 0 B — 가중치 \d[\d.]* (KiB|MiB), 문맥 1개 \d[\d.]* (KiB|MiB)$/);
    await expect.poll(() => page.getByTestId('strip-model').textContent(), { timeout: 15_000 }).toContain('CPU');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'models-loaded.png'), fullPage: true });

    // One chat turn with it: the loaded model answers (random weights: the text is noise, the path is the real one).
    const registered = (await host.engine.call('models.list', {})).find((m) => m.location === gguf || m.name === 'kopa-tiny-llama');
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(registered!.id);
    await page.getByTestId('composer-approval').uncheck();
    // A byte-level model reads every byte as a token: the holiday tools alone keep the prompt short.
    await page.locator('.tool-picker summary').click();
    await page.getByTestId('tools-all').click();
    for (const box of await page.locator('[data-testid^="agency-"]').all()) if ((await box.getAttribute('data-testid')) !== 'agency-KASI') await box.uncheck();
    expect(await page.locator('.tool-picker summary').textContent()).toContain('기관 15곳 중 1곳의 도구');
    await page.getByTestId('composer-input').fill('5월 공휴일?');
    await page.getByTestId('send').click();
    await expect.poll(() => page.getByTestId('turn').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await page.getByTestId('answer').count()) + (await page.getByText('답변 없이 끝났습니다').count()), { timeout: 60_000 }).toBe(1);
    expect(page.url()).toMatch(/#\/chat\/[0-9a-f-]{36}$/);
    const chatId = page.url().split('/').pop()!;
    const stored = await host.engine.call('chats.get', { id: chatId });
    expect(stored.chat.settings).toMatchObject({ model: registered!.id });
    expect(stored.messages.filter((m) => m.role === 'assistant').length).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(screenshots, 'chat-tiny-gguf.png') });

    await goTo(page, 'models');
    await card.getByRole('button', { name: '내리기' }).click();
    await expect.poll(() => page.getByTestId('strip-model').textContent(), { timeout: 15_000 }).toBe('불러온 모델 없음');

    // An on-prem inference server: registered through the same field, then asked for one token.
    const server = await startOpenAiServer([{ content: 'p' }]);
    try {
      await page.getByTestId('model-source').fill(`openai:${server.base}`);
      await page.getByPlaceholder('비우면 파일의 이름').fill('qwen2.5-7b-instruct');
      await page.getByTestId('model-add').click();
      const serverCard = page.getByTestId('model-card').filter({ hasText: 'qwen2.5-7b-instruct' });
      await serverCard.getByTestId('server-check').click();
      await expect.poll(() => serverCard.getByTestId('server-check-result').textContent(), { timeout: 15_000 }).toMatch(/^응답함 · \d+ ms$/);
    } finally {
      await server.close();
    }
    await close(w);
  }, 120_000);

  it('chooses paths in the desktop\'s own file dialogs: a model to import, a bundle to read and write, a BFCL folder, where a run\'s report goes', async () => {
    const plain = await open();
    await goTo(plain.page, 'models');
    // In a browser the path is typed: there is no dialog to offer.
    expect(await plain.page.getByTestId('model-source-browse').count()).toBe(0);
    await close(plain);

    const reportFile = path.join(tempDir(), 'kopa-report.html');
    const chosen = { gguf: '/models/exaone-3.5-7.8b-q4_k_m.gguf', bundle: '/media/usb/replay.kopa-bundle', dataset: '/data/exports/set.jsonl', folder: '/data/bfcl/v4', report: reportFile };
    const w = await open({ chosenPaths: chosen });
    const { page } = w;
    const browse = async (field: string): Promise<string> => {
      await page.getByTestId(`${field}-browse`).click();
      await expect.poll(() => page.getByTestId(field).inputValue()).not.toBe('');
      return page.getByTestId(field).inputValue();
    };
    await goTo(page, 'models');
    expect(await browse('model-source')).toBe(chosen.gguf);
    await page.screenshot({ path: path.join(screenshots, 'models-desktop-browse.png') });
    await goTo(page, 'settings');
    expect(await browse('bundle-file')).toBe(chosen.bundle);
    expect(await browse('bundle-out')).toBe(chosen.bundle);
    await goTo(page, 'eval');
    expect(await browse('bfcl-data')).toBe(chosen.folder);
    const requests = await page.evaluate(() => (window as unknown as { kopaPathRequests: unknown[] }).kopaPathRequests);
    expect(requests).toEqual([
      { action: 'open', kind: 'gguf', title: 'GGUF 모델 가져오기' },
      { action: 'open', kind: 'bundle', title: '가져올 번들 파일' },
      expect.objectContaining({ action: 'save', kind: 'bundle' }),
      { action: 'open', kind: 'folder', title: expect.any(String) },
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // A run's report is saved where the dialog says, by the engine, in the window's language.
    const run = await host.engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: ['cal-01'], runId: 'dialog-report' });
    await page.evaluate((id) => (location.hash = `#/eval/run/${id}`), run.runId);
    await page.getByTestId('report-download').click();
    await expect.poll(() => page.getByTestId('report-saved').textContent(), { timeout: 15_000 }).toBe(`${reportFile}에 저장했습니다`);
    expect(readFileSync(reportFile, 'utf8')).toContain('<html lang="ko">');
    expect((await page.evaluate(() => (window as unknown as { kopaPathRequests: unknown[] }).kopaPathRequests)).at(-1)).toEqual({ action: 'save', kind: 'report', title: expect.any(String), suggestedName: 'dialog-report.html' });
    await close(w);
  }, 120_000);

  it('shows where the runs and the catalog will be while the engine answers, then the answers', async () => {
    const w = await open();
    const { page } = w;
    // The engine's answers to these two methods are held back until the skeletons have been seen.
    const held = new Set<number>();
    const waiting: (() => void)[] = [];
    let holding = true;
    await page.routeWebSocket(/\/api\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const call = JSON.parse(String(message)) as { kind: string; id: number; method?: string };
        if (call.kind === 'call' && (call.method === 'bench.runs' || call.method === 'catalog.list')) held.add(call.id);
        server.send(message);
      });
      server.onMessage((message) => {
        const reply = JSON.parse(String(message)) as { id?: number };
        if (holding && reply.id !== undefined && held.has(reply.id)) waiting.push(() => ws.send(message));
        else ws.send(message);
      });
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('connection').textContent(), { timeout: 15_000 }).toMatch(/엔진 연결됨/);
    await page.evaluate(() => (location.hash = '#/eval'));
    await page.getByTestId('skeleton').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('skeleton').first().getAttribute('aria-busy')).toBe('true');
    expect(await page.getByTestId('skeleton').first().textContent()).toBe('불러오는 중…');
    await page.evaluate(() => (location.hash = '#/catalog'));
    await page.getByTestId('skeleton').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshots, 'catalog-loading.png') });
    holding = false;
    for (const send of waiting.splice(0)) send();
    await page.getByTestId('catalog-intro').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('skeleton').count()).toBe(0);
    await close(w);
  }, 120_000);

  it('stores and removes a key without its value reaching the page again, switches to replay, asks before live, and verifies the audit log', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'settings');
    const secret = 'kopa-test-key-1234567890abcdefABCDEF';
    const row = page.getByTestId('key-data.go.kr');
    await row.getByTestId('key-input').fill(secret);
    await row.getByTestId('key-save').click();
    await expect.poll(() => row.getByTestId('key-source').textContent()).toMatch(/^저장됨/);
    expect(await row.getByTestId('key-input').inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    await row.getByTestId('key-remove').click();
    await expect.poll(() => row.getByTestId('key-source').textContent()).toBe('없음');
    // It left the page once, in the call that stored it, and never came back.
    expect(w.sent.filter((f) => f.includes(secret)).map((f) => (JSON.parse(f) as { method: string }).method)).toEqual(['keys.set']);
    expect(w.received.filter((f) => f.includes(secret))).toEqual([]);

    await page.getByTestId('mode-replay').click();
    expect(await page.getByTestId('mode-badge').textContent()).toContain('재생');
    await page.getByTestId('mode-live').click();
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('button', { name: '취소' }).click();
    expect(await page.getByTestId('mode-badge').textContent()).toContain('재생');
    await page.getByTestId('mode-emulator').click();

    await page.getByTestId('audit-verify').click();
    await expect.poll(() => page.getByTestId('audit-verdict').textContent()).toMatch(/^온전합니다: 기록 \d+건/);
    // The earlier chat's calls are on record; a filter narrows the list to them.
    await page.getByTestId('audit-tool').fill('kasi');
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toMatch(/^[1-9]\d*건$/);
    const tools = await page.getByTestId('audit-list').locator('code').allTextContents();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((t) => t.startsWith('kasi.'))).toBe(true);
    await page.getByTestId('audit-outcome').selectOption('error');
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toBe('0건');
    await close(w);
  }, 120_000);

  it('imports a bundle recorded on another machine, refuses a damaged one, and exports the snapshot again', async () => {
    // The other machine: an engine recording from an agency (the emulator with a real key check) into a snapshot.
    const agency = await EmulatorServer.start({ catalog: bundledCatalog(), resourcesDir: defaultResourcesDir(), key: 'bundle-test-key' });
    const recorder = Engine.open({ dataDir: tempDir(), host: 'test', keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'bundle-test-key' }), gateway: { apiBase: agency.url } });
    const carried = path.join(tempDir(), 'carried.kopa-bundle');
    try {
      for (const month of ['05', '06']) {
        const recorded = await recorder.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth: month }, mode: 'record', snapshot: 'field' });
        expect(recorded.ok).toBe(true);
      }
      await recorder.call('bundle.export', { snapshot: 'field', file: carried });
    } finally {
      await recorder.dispose();
      await agency.close();
    }
    const damaged = path.join(tempDir(), 'damaged.kopa-bundle');
    const bytes = readFileSync(carried);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    writeFileSync(damaged, bytes);

    const w = await open();
    const { page } = w;
    await goTo(page, 'settings');
    await page.getByTestId('bundle-file').fill(damaged);
    await page.getByTestId('bundle-import').click();
    await expect.poll(() => page.getByTestId('bundle-outcome').getAttribute('role'), { timeout: 15_000 }).toBe('alert');
    await page.getByTestId('bundle-file').fill(carried);
    await page.getByLabel('스냅숏 이름').fill('field-office');
    await page.getByTestId('bundle-import').click();
    await expect.poll(() => page.getByTestId('bundle-outcome').textContent(), { timeout: 15_000 }).toContain('녹화 2건을 확인해 가져왔습니다 (스냅숏 field-office).');
    const again = path.join(tempDir(), 'again.kopa-bundle');
    await page.getByTestId('bundle-out').fill(again);
    await page.getByTestId('bundle-export').click();
    await expect.poll(() => page.getByTestId('bundle-outcome').textContent(), { timeout: 15_000 }).toContain(`field-office의 녹화 2건을 ${again}에 썼습니다.`);
    expect(readFileSync(again).length).toBeGreaterThan(0);
    await close(w);
  }, 120_000);

  it('follows the Overview into the catalog, finds a tool by name, calls it with an example and with a wrong argument, and reads the raw response', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, '');
    await page.getByTestId('figure-tools').click();
    await page.getByTestId('catalog-intro').waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/catalog');
    await page.getByTestId('catalog-search').fill('holiday');
    await expect.poll(() => page.getByTestId('catalog-tool').count()).toBe(1);
    await page.getByTestId('catalog-search').fill('공휴일');
    await expect.poll(() => page.getByTestId('catalog-tool').count()).toBe(1);
    await page.getByTestId('catalog-tool').click();
    expect(await page.getByTestId('tool-id').textContent()).toBe('kasi.getRestDeInfo');
    expect(await page.evaluate(() => location.hash)).toBe('#/catalog/kasi.getRestDeInfo');
    expect(await page.getByTestId('tool-parameters').textContent()).toContain('date.yyyy');
    expect(await page.getByTestId('tool-fields').textContent()).toContain('locdate');
    expect(await page.getByTestId('tool-quota').textContent()).toMatch(/10,000회 중 0회/);
    await page.getByTestId('try-example').first().click();
    expect(await page.getByTestId('try-solYear').inputValue()).toBe('2025');
    await page.getByTestId('try-call').click();
    const outcome = page.getByTestId('try-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-ok')).toBe('true');
    // 2025-05-05 is both 어린이날 and 부처님오신날; the 6th is their substitute holiday.
    const table = await outcome.locator('table').textContent();
    for (const name of ['어린이날', '부처님오신날', '대체공휴일']) expect(table).toContain(name);
    expect(await outcome.locator('thead th').first().textContent()).toBe('locdate');
    await page.getByTestId('try-tab-raw').click();
    expect(await page.getByTestId('try-raw').textContent()).toContain('"resultCode"');
    await page.screenshot({ path: path.join(screenshots, 'catalog-try-ko.png') });
    await page.getByTestId('try-solYear').fill('25');
    await page.getByTestId('try-call').click();
    await page.getByTestId('try-violations').waitFor();
    // The format in the window's language: the same catalogue words as the command line.
    expect(await page.getByTestId('try-violations').textContent()).toContain('solYear 4자리 숫자여야 합니다 (연도 YYYY');
    expect(await page.getByTestId('try-solYear').getAttribute('aria-invalid')).toBe('true');
    expect(await outcome.getAttribute('data-ok')).toBe('false');
    expect(await outcome.getByRole('status').locator('strong').textContent()).toBe('실패: 잘못된 인자');
    // A refused call has no rows to show, and the table says why rather than "no rows came back".
    await page.getByTestId('try-tab-table').click();
    expect(await page.getByTestId('try-no-table').textContent()).toBe('호출이 실패해 표가 없습니다. 위의 오류를 보세요.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'catalog-invalid-ko.png') });
    await close(w);
  }, 120_000);

  it('verifies the graph from the Graph view, filters to rejected links, opens one\'s evidence and verifies it again, and the Overview follows', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'graph');
    await page.getByTestId('graph-propose').click();
    await expect.poll(async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-links'))).toBeGreaterThan(50);
    await page.getByTestId('graph-verify').click();
    await page.locator('[data-testid=job][data-status=running], [data-testid=job][data-status=done]').first().waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=job][data-status=done]').first().waitFor({ timeout: 240_000 });
    await expect.poll(() => page.getByTestId('graph-summary').textContent()).toMatch(/검증됨 [1-9]\d* · 후보 \d+ · 낡음 0 · 거부됨 [1-9]/);
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
      expect((await page.getByTestId('edge-reason').textContent())!.length).toBeGreaterThan(3);
      trials = await page.getByTestId('edge-trials').locator('li').count();
    }
    expect(trials).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'graph-rejected-ko.png') });
    await page.getByTestId('edge-reverify').click();
    await expect.poll(() => page.locator('[data-testid=job][data-status=done]').count(), { timeout: 120_000 }).toBe(2);
    // The panel reads the link's evidence again: more trials.
    await expect.poll(() => page.getByTestId('edge-trials').locator('li').count()).toBeGreaterThan(trials);
    await page.getByTestId('graph-find').fill('공휴일');
    await page.getByTestId('graph-find').press('Enter');
    await expect.poll(() => page.getByTestId('link-list').locator('h3').textContent()).toBe('kasi.getRestDeInfo');
    await page.screenshot({ path: path.join(screenshots, 'graph-focus-ko.png') });
    await goTo(page, '');
    await expect.poll(() => page.getByTestId('figure-links').locator('.figure-value').textContent()).toMatch(/^[1-9]/);
    await page.getByTestId('figure-links').click();
    await page.getByTestId('graph-canvas').waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/graph');
    await close(w);
  }, 400_000);

  it('runs BFCL on a small data folder as a job and scores it by category, with each failure\'s error type', async () => {
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
    expect(rows).toEqual(['simple_python66.7%0.0% – 100.0%2 / 3', 'parallel0.0%0.0% – 0.0%0 / 1', 'irrelevance100.0%100.0% – 100.0%1 / 1']);
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
      await page.getByTestId('bench-start').click();
      await page.locator('[data-testid=job][data-status=running], [data-testid=job][data-status=done]').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('[data-testid=job][data-status=running]').count(), { timeout: 120_000 }).toBe(0);
    };
    await goTo(page, 'eval');
    const before = (await host.engine.call('bench.runs', {})).length;
    await runJob('oracle', 2);
    await runJob(`scripted:${plantedScript(new Map(), PLANTED_FAILURES)}`, 1);
    await expect.poll(() => page.getByTestId('run-link').count()).toBe(before + 2);
    // Newest first: the scripted run, then the oracle's.
    const pass1 = await page.getByTestId('run-pass1').allTextContents();
    expect(pass1.slice(0, 2)).toEqual(['0.0% [0.0%, 0.0%]', '100.0% [100.0%, 100.0%]']);
    // The scripted run is the newer one, listed first.
    await page.getByTestId('run-link').first().click();
    await page.getByTestId('run-pass-at-1').waitFor();
    expect(await page.getByTestId('run-pass-at-1').textContent()).toContain('0.0%');
    expect(await page.getByTestId('manifest').textContent()).toContain('scripted:');
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(10);
    const kinds = ['wrong final answer', 'premature answer', 'failed to decline', 'unrecovered API error', 'invented value', 'wrong tool', 'no call', 'step cap or loop', 'invalid arguments', 'unparseable output'];
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
    expect(await page.getByTestId('attempt-why').textContent()).toBe('답에 1이(가) 없습니다');
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
    await expect.poll(() => page.getByTestId('flips-better').locator('tbody tr').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'eval-compare-ko.png'), fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('flips-better').locator('h3').textContent()).toContain('Tasks better in B');
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
    await expect.poll(() => page.getByTestId('datasets').locator('tbody tr').first().textContent()).toContain('100');
    expect(await page.getByTestId('dataset-link').first().textContent()).toBe('analyst-set');
    expect(await page.getByTestId('strip-jobs').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'synthesis-done.png') });
    await close(w);
  }, 300_000);

  it('browses the synthesized dataset: filters its samples, opens one\'s plan, trace and alternatives, and exports it with its card', async () => {
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

  for (const locale of ['ko', 'en'] as const) {
    for (const dark of [false, true]) {
      it(`opens every view by its address and after a reload, ${locale} ${dark ? 'dark' : 'light'}, with no accessibility violation`, async () => {
        const w = await open({ locale, dark });
        const { page } = w;
        for (const view of VIEWS) {
          await goTo(page, view);
          const name = `${view || 'overview'}-${locale}-${dark ? 'dark' : 'light'}`;
          expect(await axeViolations(page), name).toEqual([]);
          await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
        }
        if (locale === 'ko' && !dark) {
          // The whole font is there once the page has drawn: every character the UI can show renders even after the
          // engine (which serves it) has gone.
          const text = [...Object.values(ko), ...Object.values(en)].join('');
          await page.evaluate(() => document.fonts.ready);
          expect(await page.evaluate((t) => document.fonts.check('16px "Pretendard Variable"', t), text)).toBe(true);
        }
        await goTo(page, 'eval');
        await page.reload();
        await page.getByTestId('bench-start').waitFor();
        expect(await page.locator('[aria-current=page]').first().textContent()).toBe(locale === 'ko' ? '평가' : 'Evaluation');
        await page.goBack();
        await close(w);
      }, 120_000);
    }
  }
});
