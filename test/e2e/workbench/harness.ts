// What every workbench scenario shares: one engine served in browser mode and one Chromium per test file, pages that
// fail the test on a console error or a failed request, navigation by address, an axe-core check, and screenshots under
// test-results/workbench.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../main/host/browserHost.ts';
import { KeyVault } from '../../../main/engine/keys/keyVault.ts';
import { launchChromium } from '../../helpers/browser.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';
import { testCipher } from '../../helpers/testCipher.ts';

export const screenshots = path.join(repoRoot, 'test-results', 'workbench');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const VIEWS = ['', 'chat', 'models', 'catalog', 'graph', 'synthesis', 'eval', 'settings'];

export let browser: Browser;
export let host: BrowserHost;
export let dataDir: string;

export function script(turns: object[]): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, turns.map((t) => JSON.stringify(t)).join('\n'));
  return `scripted:${file}`;
}

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
  /** Every WebSocket frame the page received, and every HTTP response body. */
  received: string[];
  /** Every WebSocket frame the page sent. */
  sent: string[];
  requests: string[];
  /** The Referer of every request the page made. */
  referers: string[];
}

export async function open(
  options: { locale?: 'ko' | 'en'; dark?: boolean; chosenPaths?: Record<string, string>; enforceCsp?: boolean } = {},
): Promise<Watched> {
  // axe-core is injected as a script: the page's CSP (script-src 'self') would refuse it, as it should. A page opened
  // with enforceCsp keeps the CSP (no axe there) and records each violation in window.kopaCspViolations.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    bypassCSP: options.enforceCsp !== true,
    colorScheme: options.dark ? 'dark' : 'light',
    // Spinners and skeletons stand still, as for a user who asks for less motion: a software-rendered animation would
    // redraw every frame for as long as a scenario waits on a job, taking the CPU the engine under test needs.
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  if (options.locale === 'en') await context.addInitScript(() => localStorage.setItem('kopa.locale', 'en'));
  if (options.enforceCsp)
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { kopaCspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  // The desktop preload's bridge, as the page sees it: the OS dialog answers with the path chosen for each kind.
  if (options.chosenPaths)
    await context.addInitScript((chosen: Record<string, string>) => {
      const requests: unknown[] = [];
      Object.assign(window, {
        kopaPathRequests: requests,
        kopaDesktop: { platform: 'linux', choosePath: async (request: { kind: string }) => (requests.push(request), chosen[request.kind] ?? null) },
      });
    }, options.chosenPaths);
  const page = await context.newPage();
  const watched: Watched = { page, context, problems: [], received: [], sent: [], requests: [], referers: [] };
  page.on('console', (m) => m.type() === 'error' && watched.problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => watched.problems.push(`page: ${e.message}`));
  page.on('requestfailed', (r) => watched.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => {
    watched.requests.push(r.url());
    watched.referers.push(r.headers().referer ?? '');
  });
  page.on(
    'response',
    (r) =>
      void r.text().then(
        (body) => watched.received.push(body),
        () => undefined,
      ),
  );
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => watched.received.push(String(f.payload)));
    ws.on('framesent', (f) => watched.sent.push(String(f.payload)));
  });
  await page.goto(host.transport.launchUrl);
  await expect.poll(() => page.getByTestId('connection').textContent()).toMatch(/엔진 연결됨|Engine connected/);
  return watched;
}

/** Opens a view by its address and waits until it has drawn with its data. */
export async function goTo(page: Page, view: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#/${view}`);
  await page.waitForFunction(() => document.querySelector('main')?.dataset.route === `/${location.hash.replace(/^#?\/?/, '')}`);
  await page.locator('main h2').first().waitFor();
  await settled(page);
}

/**
 * Waits until the view has no read left unanswered for 100 ms together: a view asks for its data once it has drawn,
 * and some reads start only when another's answer arrives, so one quiet moment is not yet the end.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        let quietSince = 0;
        const check = (): void => {
          const now = Date.now();
          if (document.querySelector('main')?.dataset.loading !== '0') quietSince = 0;
          else if (quietSince === 0) quietSince = now;
          if (quietSince > 0 && now - quietSince >= 100) resolve();
          else if (now - started > 30_000) reject(new Error(`the view at ${location.hash} still had reads unanswered after 30 s`));
          else setTimeout(check, 20);
        };
        check();
      }),
  );
}

export async function axeViolations(page: Page): Promise<string[]> {
  // Once per document (views change by address, not by reload): parsing axe-core's 500 KB again for every check
  // took half of the Chromium time of a scenario that checks every view.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe.run({ resultTypes: ['violations'] }),
  )) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function close(watched: Watched): Promise<void> {
  await watched.context.close();
  expect(watched.problems).toEqual([]);
}

/**
 * Expects the page to show nothing of a hostile text's choosing: in `scope`, where the text is shown, no element it
 * could make (images, scripts, frames, media, SVG besides the app's icons) and no link out of the app; anywhere, no
 * event-handler attribute, no request beyond the app's origin, no CSP violation (the page must be opened with
 * enforceCsp), nothing wider than the window, and the launch token in no Referer.
 */
export async function expectInert(w: Watched, scope = 'main'): Promise<void> {
  const { page } = w;
  const origin = new URL(host.transport.launchUrl).origin;
  const token = /token=([0-9a-f]+)/.exec(host.transport.launchUrl)![1]!;
  const shown = page.locator(scope);
  expect(await shown.locator('img, script, iframe, object, embed, video, audio, base, meta, link').count()).toBe(0);
  expect(await shown.locator('svg:not(.lucide)').count()).toBe(0);
  expect(await eventHandlers(page)).toEqual([]);
  const hrefs = await shown.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('#/'))).toEqual([]);
  expect(w.referers.filter((r) => r.includes(token))).toEqual([]);
  expect(w.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('ws'))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { kopaCspViolations: string[] }).kopaCspViolations)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Every event-handler attribute in the page ("IMG onerror"): the app sets none, so any came from the data. */
export function eventHandlers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('*')).flatMap((e) =>
      Array.from(e.attributes)
        .filter((a) => a.name.startsWith('on'))
        .map((a) => `${e.tagName} ${a.name}`),
    ),
  );
}

/**
 * Asks the holiday question of a small model (the tiny byte-level test GGUF or the demo KOPA-Nano), offered the
 * holiday tools alone (every byte is a token of the tiny one's vocabulary, so the full pick would not fit), and waits
 * for the turn to end, with an answer or without one (random weights say anything).
 */
export async function askTinyModel(page: Page, model: string, timeout: number): Promise<void> {
  await page.getByTestId('composer-model').fill(model);
  await page.getByTestId('composer-approval').uncheck();
  await page.locator('.tool-picker summary').click();
  await page.getByTestId('tools-all').click();
  for (const box of await page.locator('[data-testid^="agency-"]').all()) if ((await box.getAttribute('data-testid')) !== 'agency-KASI') await box.uncheck();
  expect(await page.locator('.tool-picker summary').textContent()).toContain('기관 15곳 중 1곳의 도구');
  await page.getByTestId('composer-input').fill('5월 공휴일?');
  await page.getByTestId('send').click();
  await expect.poll(() => page.getByTestId('turn').count(), { timeout }).toBe(1);
  await expect.poll(async () => (await page.getByTestId('answer').count()) + (await page.getByText('답변 없이 끝났습니다').count()), { timeout }).toBe(1);
}

/** What the engine of a file's workbench gets besides its data folder, vault and CPU-only llama settings. */
export type WorkbenchEngine = Omit<NonNullable<Parameters<typeof startBrowserHost>[0]['engine']>, 'vault' | 'llama'>;

/**
 * Starts the file's engine and browser before its first scenario and closes both after its last. `prepare` may
 * write into the data folder before the engine opens it, and returns engine options of its own.
 */
export function useWorkbench(prepare?: (dataDir: string) => Promise<WorkbenchEngine> | WorkbenchEngine): void {
  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    dataDir = fileTempDir();
    const extra = (await prepare?.(dataDir)) ?? {};
    const vault = await KeyVault.open({ file: path.join(dataDir, 'keys.json'), cipher: testCipher() });
    host = await startBrowserHost({ dataDir, engine: { ...extra, vault, llama: { gpu: false, threads: 1 } } });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });
}

/**
 * Text of the other language on the page: Hangul on an English screen; on a Korean one, English prose (three or more
 * words in a row). Text the app shows as it came (what an API, a model or the user wrote: `data-api-text`, code,
 * preformatted text, form values, elements marked with another `lang`, an example value in quotes) is not the
 * screen's own and is skipped.
 */
export async function otherLanguage(page: Page, locale: 'ko' | 'en'): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.matches('[data-api-text], code, pre, kbd, samp, script, style, textarea, option, [hidden], .sr-only')) return true;
        const lang = e.getAttribute('lang');
        if (lang && lang !== document.documentElement.lang && e !== document.documentElement) return true;
      }
      return false;
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !skip(node.parentElement)) out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]')))
      if (!skip(el)) for (const a of ['placeholder', 'aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a)!);
    return out;
  });
  const other = locale === 'en' ? /[\uac00-\ud7a3]/ : /\b[A-Za-z]{2,}[,.]?\s+[a-z]{2,}[,.]?\s+[a-z]{2,}\b/;
  // A value quoted as an example of what an API takes ('서울', '3분12초후') is the API's, not the screen's.
  return [...new Set(texts.filter((t) => other.test(t.replace(/'[^']*'/g, ''))))];
}
