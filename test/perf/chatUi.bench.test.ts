// The chat view's speed as an analyst feels it, in browser mode with headless Chromium: first paint of the chat
// view, the time from a streamed token reaching the page to it being painted (median, p95), and the frame times while
// 2,000 tokens stream (budget: painted within 50 ms, no frame over 50 ms). The scripted model streams two characters
// per token with a 5 ms pause; times are taken in the page (performance.now), so the loopback socket is not counted.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../main/host/browserHost.ts';
import { launchChromium } from '../helpers/browser.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

const TOKENS = sized(2000, 100);

declare global {
  interface Window {
    kopaBench: { arrivals: number[]; paints: number[]; frames: number[]; streaming: boolean };
  }
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

describe('chat view', () => {
  it(`paints each of ${TOKENS} streamed tokens within a frame or two`, async () => {
    const dataDir = tempDir();
    const script = path.join(dataDir, 'turns.jsonl');
    writeFileSync(script, JSON.stringify({ text: '가나'.repeat(TOKENS), tokenDelayMs: 5 }));
    const host = await startBrowserHost({ dataDir });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      // Token frames are time-stamped as they arrive, paints by a frame callback after the text grew, frames by a loop.
      await page.addInitScript(() => {
        const bench = { arrivals: [] as number[], paints: [] as number[], frames: [] as number[], streaming: false };
        window.kopaBench = bench;
        const Native = window.WebSocket;
        window.WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols);
            this.addEventListener('message', (event) => {
              if (typeof event.data === 'string' && event.data.includes('"kind":"token"')) bench.arrivals.push(performance.now());
            });
          }
        };
        let last = performance.now();
        const loop = (now: number): void => {
          if (bench.streaming) bench.frames.push(now - last);
          last = now;
          requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid=streaming]')?.textContent ?? '';
          if (text.length === 0) return;
          bench.streaming = true;
          const painted = bench.paints.length;
          const grown = Math.ceil(text.length / 2);
          requestAnimationFrame((now) => {
            for (let i = painted; i < grown && i < bench.arrivals.length; i++) bench.paints[i] = now;
          });
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const navigated = Date.now();
      await page.goto(host.transport.launchUrl);
      await page.evaluate(() => (location.hash = '#/chat'));
      await page.getByTestId('composer-input').waitFor();
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      const chatShown = Date.now() - navigated;

      await page.getByTestId('composer-model').fill(`scripted:${script}`);
      await page.getByTestId('composer-approval').uncheck();
      await page.getByTestId('composer-input').fill('스트리밍 측정');
      await page.getByTestId('send').click();
      await page.getByTestId('answer').waitFor({ timeout: 300_000 });
      const bench = await page.evaluate(() => window.kopaBench);
      const latencies = bench.paints.map((paint, i) => paint - bench.arrivals[i]!).filter((v) => Number.isFinite(v));
      const frames = bench.frames;
      console.log(
        [
          `first contentful paint ${firstPaint.toFixed(0)} ms; chat view usable ${chatShown} ms after navigation`,
          `token → paint over ${latencies.length} of ${bench.arrivals.length} tokens: median ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (budget 50 ms)`,
          `frames while streaming: ${frames.length}, median ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms, over 50 ms: ${frames.filter((f) => f > 50).length} (budget: none)`,
        ].join('\n'),
      );
      expect(bench.arrivals.length).toBe(TOKENS);
      expect(latencies.length).toBeGreaterThan(TOKENS / 2);
    } finally {
      await browser.close();
      await host.close();
    }
  }, 600_000);
});
