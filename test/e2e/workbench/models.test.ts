// Models: the tiny GGUF imported with its hashing, described, loaded, asked one chat turn and unloaded; an on-prem server
// checked; the desktop's own file dialogs for every path the workbench asks for.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tempDir.ts';
import { startOpenAiServer } from '../../helpers/openAiServer.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { askTinyModel, axeViolations, close, goTo, host, open, screenshots, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
  it('imports the tiny GGUF with its hashing, shows what it is, loads it, chats one turn with it in grammar mode, unloads it, and checks an inference server', async () => {
    // A folder of its own: the scan below lists exactly this file.
    const gguf = await writeTinyLlama({ contextLength: 8192, dir: tempDir() });
    const w = await open();
    const { page } = w;
    await goTo(page, 'models');
    // Found in its folder, as a drive brought to the workstation is searched, and registered from the list.
    await page.getByTestId('scan-path').fill(path.dirname(gguf));
    await page.getByTestId('scan-start').click();
    await expect.poll(() => page.getByTestId('scan-count').textContent(), { timeout: 15_000 }).toBe('모델 파일 1개');
    expect(await page.getByTestId('scan-file').textContent()).toContain(path.basename(gguf));
    await page.getByTestId('scan-add').click();
    const card = page.getByTestId('model-card');
    await card.waitFor({ timeout: 30_000 });
    // The import is a job (hashing a large file outlives a reload); its card says it finished.
    await expect
      .poll(() => page.getByTestId('model-imports').locator('[data-testid=job][data-status=done]').textContent(), { timeout: 15_000 })
      .toContain(`모델 가져오기${path.basename(gguf)}끝남`);
    // How much it did and how long it took, not only that it ended.
    expect(await page.getByTestId('model-imports').getByTestId('job-summary').textContent()).toMatch(/^\d[\d.]* (KiB|MiB) · \d+초$/);
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain('llama');
    expect(await card.textContent()).toMatch(/SHA-256[0-9a-f]{16}…/);
    expect(await card.textContent()).toContain('JSON 문법으로 강제');
    await card.getByTestId('model-load-context').fill('8192');
    await card.getByTestId('model-load-gpu-layers').fill('0');
    await card.getByTestId('model-load').click();
    await card.getByTestId('model-loaded').waitFor({ timeout: 60_000 });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('CPU · 문맥 8,192 · 시퀀스 1개');
    // The context is made at load, so what it takes is known before the first question.
    await expect
      .poll(() => card.getByTestId('model-memory').textContent(), { timeout: 15_000 })
      .toMatch(/^RAM \d[\d.]* (KiB|MiB) · VRAM 0 B — 가중치 \d[\d.]* (KiB|MiB), 문맥 1개 \d[\d.]* (KiB|MiB)$/);
    await expect.poll(() => page.getByTestId('strip-model').textContent(), { timeout: 15_000 }).toContain('CPU');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'models-loaded.png'), fullPage: true });

    // One chat turn with it: the loaded model answers (random weights: the text is noise, the path is the real one).
    const registered = (await host.engine.call('models.list', {})).find((m) => m.location === gguf || m.name === 'kopa-tiny-llama');
    await goTo(page, 'chat');
    await askTinyModel(page, registered!.id, 60_000);
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

  it("chooses paths in the desktop's own file dialogs: a model to import, a bundle to read and write, a BFCL folder, where a run's report goes", async () => {
    const plain = await open();
    await goTo(plain.page, 'models');
    // In a browser the path is typed: there is no dialog to offer.
    expect(await plain.page.getByTestId('model-source-browse').count()).toBe(0);
    await close(plain);

    const reportFile = path.join(tempDir(), 'kopa-report.html');
    const chosen = {
      gguf: '/models/exaone-3.5-7.8b-q4_k_m.gguf',
      bundle: '/media/usb/replay.kopa-bundle',
      dataset: '/data/exports/set.jsonl',
      folder: '/data/bfcl/v4',
      report: reportFile,
    };
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
    expect((await page.evaluate(() => (window as unknown as { kopaPathRequests: unknown[] }).kopaPathRequests)).at(-1)).toEqual({
      action: 'save',
      kind: 'report',
      title: expect.any(String),
      suggestedName: 'dialog-report.html',
    });
    await close(w);
  }, 120_000);

  it('shows how a model trained here learned: its loss curve, its GRPO rewards beside what right and wrong answers earned, and the best-paid wrong attempts', async () => {
    // A GRPO run's folder as `kopa train nano --grpo` leaves it (the engine's reading of real runs is tested in nano.test.ts).
    const root = path.join(host.engine.dataDir, 'train', 'nano');
    const sft = path.join(root, 'shown-sft');
    const run = path.join(root, 'shown-grpo');
    mkdirSync(sft, { recursive: true });
    mkdirSync(path.join(run, 'rollouts'), { recursive: true });
    const record = JSON.stringify({ dataset: 'nano-train', datasetId: 1, samples: 100, resultTokens: 256 });
    for (const dir of [sft, run]) writeFileSync(path.join(dir, 'run.json'), record);
    writeFileSync(
      path.join(sft, 'events.jsonl'),
      [1.8, 1.1, 0.7, 0.5].map((loss, i) => JSON.stringify({ event: 'progress', step: (i + 1) * 100, loss })).join('\n') + '\n',
    );
    writeFileSync(path.join(run, 'grpo.json'), JSON.stringify({ from: 'shown-sft' }));
    const attempt = (sample: number, reward: number, solved: boolean, answer: string) => ({
      sample,
      reward,
      solved,
      advantage: 0,
      segments: [
        { text: '<|im_start|>user\n질문<|im_end|>\n<|im_start|>assistant\n', train: false },
        { text: `{"tool":"final_answer","arguments":{"answer":${answer}}}<|im_end|>`, train: true },
      ],
    });
    const iterations = [
      [attempt(1, 1, true, '3'), attempt(1, 0.2, false, '"<b>4</b>"')],
      [attempt(2, 1, true, '5'), attempt(2, 0.3, false, '7')],
    ];
    iterations.forEach((attempts, i) => {
      writeFileSync(path.join(run, 'rollouts', `iteration-000${i}.jsonl`), attempts.map((a) => JSON.stringify(a)).join('\n') + '\n');
      appendFileSync(
        path.join(run, 'curve.jsonl'),
        `${JSON.stringify({ iteration: i, reward: 0.6 + i * 0.05, solved: 0.5, attempts: 2, learnedFrom: 2, kl: 0.01 })}\n`,
      );
    });
    // Held-out questions asked of the supervised model and after the last update.
    writeFileSync(
      path.join(run, 'heldout.jsonl'),
      [0, 2].map((iteration) => JSON.stringify({ iteration, reward: 0.4, solved: iteration === 0 ? 0.25 : 0.5, prompts: 4 })).join('\n') + '\n',
    );
    const gguf = await writeTinyLlama({ contextLength: 2048, dir: run, name: 'shown-grpo' });
    await host.engine.call('models.add', { source: gguf, name: 'shown-grpo' });

    const w = await open();
    const { page } = w;
    await goTo(page, 'models');
    const card = page.getByTestId('model-card').filter({ has: page.locator('h3', { hasText: 'shown-grpo' }) });
    const history = card.getByTestId('training-history');
    await expect
      .poll(() => history.locator('summary').textContent(), { timeout: 15_000 })
      .toBe('shown-sft에서 GRPO로 다듬음: nano-train(으)로 2회 — 학습 기록');
    await history.locator('summary').click();
    // The supervised run's loss, then the rewards: right answers earned 1, wrong ones 0.2 and 0.3.
    expect(await history.locator('figure figcaption').allTextContents()).toEqual([
      '모델 자신의 차례에 대한 학습 손실 (마지막 평가용 손실: —)',
      'GRPO 반복별 보상',
      '맞는 답을 낸 시도',
    ]);
    expect(await history.locator('figure').nth(1).textContent()).toContain('틀린 답');
    // Beside the training attempts' right answers, the held-out questions' (asked greedily, as a chat would).
    expect(await history.locator('figure').nth(2).textContent()).toContain('평가용 질문 (탐욕적 한 번)');
    // The wrong attempt of the last iteration, as the model wrote it: shown as text, never as markup.
    expect(await history.locator('.watched-attempts li').allTextContents()).toEqual(['샘플 2 · 보상 0.300{"tool":"final_answer","arguments":{"answer":7}}']);
    expect(await axeViolations(page)).toEqual([]);
    await history.screenshot({ path: path.join(screenshots, 'models-training-history.png') });
    await history.locator('figure').nth(2).scrollIntoViewIfNeeded();
    await history
      .locator('figure')
      .nth(2)
      .screenshot({ path: path.join(screenshots, 'models-training-held-out.png') });
    await close(w);
  }, 120_000);
});
