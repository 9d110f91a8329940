// Browser mode end to end: `kopa app --browser` serves the UI, headless Chromium opens the printed address,
// and the page shows the engine's status through the engine API over WebSocket.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseAfterFile } from '../helpers/release.ts';
import { storeMigrations } from '../../main/engine/store/migrations/index.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startBrowserMode, type RunningApp } from '../helpers/browserMode.ts';
import { repoRoot } from '../helpers/runCli.ts';
import { tempDir } from '../helpers/tempDir.ts';

const screenshots = path.join(repoRoot, 'test-results');
let browser: Browser;
let app: RunningApp;
let dataDir: string;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  browser = await launchChromium();
  releaseAfterFile(() => browser.close());
});

describe('browser mode', () => {
  it('shows the engine status, in Korean first and in English on request', async () => {
    dataDir = tempDir();
    app = await startBrowserMode(dataDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      await page.goto(app.launchUrl);
      await expect.poll(() => page.getByTestId('connection').textContent()).toBe('엔진 연결됨');
      await expect.poll(() => page.getByTestId('status-version').textContent()).toMatch(/^KOPA Studio \d+\.\d+\.\d+$/);
      expect(await page.getByTestId('status-host').textContent()).toBe('브라우저 모드');
      expect(await page.getByTestId('status-data-dir').textContent()).toBe(dataDir);
      const latest = storeMigrations.length;
      expect(await page.getByTestId('status-schema').textContent()).toBe(`${latest} (최신 ${latest})`);
      expect(page.url()).not.toContain('token=');

      // Going live asks first, and says where a missing key goes: this window cannot store one, the environment can.
      await page.getByRole('link', { name: '설정' }).click();
      await page.getByTestId('mode-live').click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      // The key status arrives after the dialog opens; the dialog says it once it has.
      await expect
        .poll(() => dialog.textContent(), { timeout: 15_000 })
        .toMatch(/이 창에서는 키를 저장할 수 없으니, 환경 변수 KOPA_KEY_DATA_GO_KR(, KOPA_KEY_\w+)*에 넣고 엔진을 다시 시작하거나/);
      await page.screenshot({ path: path.join(screenshots, 'browser-mode-live-keys-ko.png') });
      await dialog.getByRole('button', { name: '취소' }).click();
      await page.getByRole('link', { name: '개요' }).click();

      await page.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => page.getByTestId('connection').textContent()).toBe('Engine connected');
      expect(await page.getByTestId('status-host').textContent()).toBe('Browser mode');

      await page.getByRole('button', { name: 'Run diagnostics' }).click();
      await expect.poll(() => page.getByTestId('doctor-llama').textContent(), { timeout: 20_000 }).toMatch(/llama-addon\.node|prebuilt|localBuild/);
      expect(await page.getByTestId('doctor-gpu').textContent()).toMatch(/CPU math cores|cuda|vulkan|metal/);
      await page.screenshot({ path: path.join(screenshots, 'browser-mode.png'), fullPage: true });

      await page.reload();
      await expect.poll(() => page.getByTestId('connection').textContent()).toBe('Engine connected');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('tells a visitor without the token to open the printed address, and reaches no API', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(app.url);
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('접속 토큰이 없습니다');
      expect(await page.getByTestId('engine-status').count()).toBe(0);
      await page.screenshot({ path: path.join(screenshots, 'browser-mode-no-token.png') });
    } finally {
      await context.close();
    }
  });

  it('stops cleanly', async () => {
    expect(await app.stop()).toBe(0);
  });
});
