// Skeletons while the engine answers; write-only keys, replay, the confirmation before live and the audit log's
// verification; recording bundles imported from another machine, a damaged one refused, a snapshot exported again.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';
import ko from '../../../resources/strings/ko.json';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { close, goTo, host, open, screenshots, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
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
    // Calls on record for the audit list to filter: two holiday lookups, as a chat would make them.
    for (const solMonth of ['05', '06']) await host.engine.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth } });
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
    // Nothing was ever recorded here: replay is accepted, and said plainly to answer nothing.
    await expect.poll(() => page.getByTestId('replay-empty').textContent()).toContain("재생은 모든 호출에 '녹화에 없음'으로 답합니다");
    // Nor is there anything to carry: the bundle card says how to record instead of showing an empty list.
    expect(await page.getByTestId('bundle-nothing').textContent()).toBe(ko['bundles.nothingRecorded']);
    await expect(page.getByTestId('bundle-export').isDisabled()).resolves.toBe(true);
    await page.getByTestId('mode-live').click();
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('button', { name: '취소' }).click();
    expect(await page.getByTestId('mode-badge').textContent()).toContain('재생');
    await page.getByTestId('mode-emulator').click();

    await page.getByTestId('audit-verify').click();
    await expect.poll(() => page.getByTestId('audit-verdict').textContent()).toMatch(/^온전합니다: 기록 \d+건/);
    // A filter narrows the list to the holiday calls.
    await page.getByTestId('audit-tool').fill('kasi');
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toMatch(/^[1-9]\d*건$/);
    const tools = await page.getByTestId('audit-row-tool').allTextContents();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((t) => t.startsWith('kasi.'))).toBe(true);
    // A row says its outcome in words beside the agency's code, and opens to the request it made.
    expect(await page.getByTestId('audit-list').getByRole('listitem').first().textContent()).toContain(ko['audit.succeeded']);
    await page.getByTestId('audit-list').getByRole('button').first().click();
    const entry = page.getByTestId('audit-entry');
    expect(await entry.textContent()).toContain('/B090041/openapi/service/');
    expect(await entry.textContent()).toContain(ko['audit.argsHash']);
    await page.screenshot({ path: path.join(screenshots, 'settings-audit-entry-ko.png') });
    await page.getByTestId('audit-outcome').selectOption('error');
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toBe('0건');
    await page.getByTestId('audit-outcome').selectOption('');
    // A day is a day in Korean time, said in words whatever order the browser writes the field in.
    expect(await page.getByTestId('audit-day-words').textContent()).toBe(ko['audit.anyDay']);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    await page.getByTestId('audit-day').fill(today);
    await expect.poll(() => page.getByTestId('audit-day-words').textContent()).toMatch(/^\d{4}년 \d{1,2}월 \d{1,2}일 .요일$/);
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toMatch(/^[1-9]\d*건$/);
    await page.getByTestId('audit-day-words').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'settings-audit-day-ko.png') });
    await page.getByTestId('audit-day').fill('2020-01-01');
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toBe('0건');
    await close(w);
  }, 120_000);

  it('imports a bundle recorded on another machine, refuses a damaged one, and exports the snapshot again', async () => {
    // The other machine: an engine recording from an agency (the emulator with a real key check) into a snapshot.
    const agency = await EmulatorServer.start({ catalog: bundledCatalog(), resourcesDir: defaultResourcesDir(), key: 'bundle-test-key' });
    const recorder = Engine.open({
      dataDir: tempDir(),
      host: 'test',
      keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'bundle-test-key' }),
      gateway: { apiBase: agency.url },
    });
    const carried = path.join(tempDir(), 'carried.kopa-bundle');
    try {
      for (const month of ['05', '06']) {
        const recorded = await recorder.call('gateway.call', {
          tool: 'kasi.getRestDeInfo',
          args: { solYear: '2025', solMonth: month },
          mode: 'record',
          snapshot: 'field',
        });
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
    // A refusal says what to do about it, and can be tried again where it happened.
    expect(await page.getByTestId('bundle-outcome').textContent()).toContain(ko['error.bundleRefused.hint']);
    // Why it was refused is said in Korean too, not in the decompressor's English. Which reason it is depends on where
    // the flipped byte lands in this run's deflate stream (a bad block, or a record line that no longer parses).
    const refusal = (await page.getByTestId('bundle-outcome').textContent())!.replace(damaged, '');
    expect(refusal).toMatch(/거부했습니다: (\d+번째 )?[가-힣]/);
    expect(refusal).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/);
    expect(await page.getByTestId('bundle-outcome').getByRole('button', { name: ko['common.retry'] }).count()).toBe(1);
    await page.getByTestId('bundle-outcome').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'settings-bundle-refused-ko.png') });
    await page.getByTestId('bundle-file').fill(carried);
    await page.getByLabel('스냅숏 이름').fill('field-office');
    await page.getByTestId('bundle-import').click();
    await expect
      .poll(() => page.getByTestId('bundle-outcome').textContent(), { timeout: 15_000 })
      .toContain('녹화 2건을 확인해 가져왔습니다 (스냅숏 field-office).');
    const again = path.join(tempDir(), 'again.kopa-bundle');
    await page.getByTestId('bundle-out').fill(again);
    await page.getByTestId('bundle-export').click();
    await expect.poll(() => page.getByTestId('bundle-outcome').textContent(), { timeout: 15_000 }).toContain(`field-office의 녹화 2건을 ${again}에 썼습니다.`);
    expect(readFileSync(again).length).toBeGreaterThan(0);
    await close(w);
  }, 120_000);

  it('lists the model servers apart from the API allowlist, at the address they were registered by, with their timeout', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, 'settings');
    await expect.poll(() => page.getByTestId('model-servers-none').isVisible()).toBe(true);
    await host.engine.call('models.add', { source: 'openai:http://10.0.0.5:8000/v1', name: 'qwen2.5-7b-instruct', idleTimeoutMs: 90_000 });
    await page.reload();
    const servers = page.getByTestId('model-servers');
    await expect.poll(() => servers.textContent()).toContain('http://10.0.0.5:8000/v1');
    expect(await servers.textContent()).toContain('모델 qwen2.5-7b-instruct · 90초 동안 아무것도 오지 않으면 포기');
    expect(await page.getByTestId('allowlist').textContent()).not.toContain('10.0.0.5');
    await servers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'settings-model-servers-ko.png') });
    await close(w);
  }, 120_000);
});
