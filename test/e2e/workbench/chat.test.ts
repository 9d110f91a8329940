// A chat with a scripted model: one call approved, one denied with a reason the model reads, a streamed answer that
// survives a reload on the chat's address and is exported; a stopped generation keeps what it wrote and is regenerated
// in the same chat.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tempDir.ts';
import { axeViolations, close, goTo, open, screenshots, script, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
  it('chats: approves one call, denies another with a reason the model reads, streams the answer, reloads on the chat address and exports it', async () => {
    const w = await open();
    const { page } = w;
    const model = script([
      {
        thinking: '5월과 6월을 둘 다 확인해 보자.',
        toolCalls: [
          { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } },
          { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '06' } },
        ],
      },
      {
        text: '2025년 5월 공휴일은 **어린이날**과 부처님오신날(5일), 대체공휴일(6일)입니다. <img src=x onerror=alert(1)> <script>alert(2)</script>\n\n정답: 5월 5일, 5월 6일',
        tokenDelayMs: 40,
      },
    ]);
    await goTo(page, 'chat');
    await page.getByRole('button', { name: '2025년 5월 공휴일은 언제야?' }).click();
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('send').click();

    await expect.poll(() => page.locator('[data-status=approval]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('call-card').first().textContent()).toContain('공휴일 정보 조회');
    // It says where the call really goes: the emulator, as the status bar says.
    expect(await page.getByTestId('approval-question').textContent()).toBe('이 호출은 에뮬레이터가 답합니다 (기관으로 나가지 않음). 실행할까요?');
    // A turn waiting for the analyst says so beside the composer and in the window's title, the question in view and
    // "Allow once" under the keyboard.
    expect(await page.getByTestId('awaiting-approval').textContent()).toContain('호출을 허용할지 거부할지 기다리는 중입니다.');
    expect(await page.title()).toMatch(/^승인을 기다리는 중 · /);
    const inView = (): Promise<boolean> =>
      page.evaluate(() => {
        const pane = document.querySelector('.conversation')!.getBoundingClientRect();
        const button = document.querySelector('[data-testid=approval-once]')!.getBoundingClientRect();
        return button.top >= pane.top && button.bottom <= pane.bottom;
      });
    await expect.poll(inView).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('approval-once');
    await page.screenshot({ path: path.join(screenshots, 'chat-awaiting-approval-ko.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-status=done]').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-status=approval]').count(), { timeout: 15_000 }).toBe(1);
    // In another view, the status bar says the turn waits and leads back to it.
    await goTo(page, 'catalog');
    expect(await page.getByTestId('strip-approval').textContent()).toBe('승인을 기다리는 중');
    expect(await page.title()).toMatch(/^승인을 기다리는 중 · /);
    await page.getByTestId('strip-approval').click();
    await expect.poll(() => page.locator('[data-status=approval]').count()).toBe(1);
    expect(page.url()).toMatch(/#\/chat\/[0-9a-f-]{36}$/);
    // Scrolled away, the composer's link brings it back.
    await page.evaluate(() => document.querySelector('.conversation')!.scrollTo({ top: 0 }));
    await page.getByTestId('awaiting-approval-jump').click();
    await expect.poll(inView).toBe(true);
    await page.getByPlaceholder('거부하는 이유 (모델에게 전달)').fill('6월은 묻지 않았습니다');
    await page.getByRole('button', { name: '거부', exact: true }).click();

    await page.getByTestId('streaming').waitFor({ timeout: 15_000 });
    await page.getByTestId('answer').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('awaiting-approval').count()).toBe(0);
    expect(await page.title()).not.toContain('승인을 기다리는 중');
    expect(await page.getByTestId('strip-approval').count()).toBe(0);
    expect(page.url()).toMatch(/#\/chat\/[0-9a-f-]{36}$/);
    const done = page.locator('[data-status=done]');
    expect(await done.locator('table tbody tr').count()).toBe(3);
    // 2025 is in the question; the question says 5월, not 05: the model wrote that, and the card says so.
    expect(await done.locator('.call-args div').first().textContent()).toBe('solYear2025← 질문');
    expect(await done.locator('.call-args div').nth(1).textContent()).toBe('solMonth05모델이 정함');
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
    // The committed answer is the headline above the message.
    expect(await page.getByTestId('claim').textContent()).toBe('결론 5월 5일, 5월 6일');
    await answer.screenshot({ path: path.join(screenshots, 'chat-claim-ko.png') });
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

    // At 1024 px a long title wraps between words and the header's buttons keep theirs whole, each on one line.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.evaluate(
      () => (document.getElementById('chat-title')!.textContent = '서울 종로구와 중구의 이번 주 날씨, 미세먼지, 약국 영업시간을 한꺼번에 비교해서 알려줘'),
    );
    for (const name of ['Markdown', 'JSON']) {
      const button = page.getByRole('button', { name, exact: true });
      const lineHeight = await button.evaluate((b) => parseFloat(getComputedStyle(b).lineHeight) || 20);
      expect((await button.boundingBox())!.height, name).toBeLessThan(2 * lineHeight);
    }
    await page.screenshot({ path: path.join(screenshots, 'chat-header-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Markdown' }).click()]);
    const file = path.join(tempDir(), download.suggestedFilename());
    await download.saveAs(file);
    const markdown = readFileSync(file, 'utf8');
    // The question is written literally (its punctuation escaped), so it reads as typed in any viewer.
    expect(markdown).toContain('# 2025년 5월 공휴일은 언제야?');
    expect(markdown).toContain('`kasi.getRestDeInfo`');
    expect(markdown).toContain('\\<img src=x onerror=alert(1)\\>');

    // The stored chat read on an English screen: the denial is said in English, the user's own reason as written.
    await page.getByRole('button', { name: 'English' }).click();
    await expect
      .poll(() => page.locator('[data-status=refused]').getByTestId('call-refused').textContent())
      .toBe('The user did not allow this call. Their reason: 6월은 묻지 않았습니다');
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
    // What was written before the stop stays, marked as stopped output and not as an answer.
    await page.getByTestId('cut-output').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('cut-output').getAttribute('data-cut')).toBe('stopped');
    // What was reached is said: the tokens it wrote (a scripted chunk is one) and how long it ran.
    expect(await page.getByTestId('cut-output').textContent()).toMatch(/^멈춘 출력: .+답변이 아닙니다\. \([1-9]\d*토큰, \d+초 동안 씀\)아주/);
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
    await expect
      .poll(() => page.locator('.banner[role=alert]').textContent(), { timeout: 15_000 })
      .toContain('답변하지 못했습니다: 모델 "oracel"이(가) 없습니다.');

    // A turn's ceiling is the analyst's to set, and kept; a stop before the model wrote anything says so and how long
    // it ran, never "no answer" without a reason.
    await page.getByTestId('composer-max-tokens').fill('300');
    const sent: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => void sent.push(String(frame.payload))));
    await page.reload();
    await page.getByTestId('composer-input').waitFor();
    expect(await page.getByTestId('composer-max-tokens').inputValue()).toBe('300');
    await page.getByTestId('composer-model').fill(script([{ text: '늦게 답합니다.', promptMs: 60_000 }]));
    await page.getByTestId('composer-input').fill('공휴일?');
    await page.getByTestId('send').click();
    await expect.poll(() => sent.find((f) => f.includes('"agent.run"')), { timeout: 15_000 }).toContain('"maxTokens":300');
    await page.getByTestId('stop').click();
    await expect
      .poll(() => page.getByTestId('cut-output').textContent(), { timeout: 15_000 })
      .toMatch(/^모델이 아무것도 쓰기 전에 멈췄습니다 \(\d+초 동안 실행, 프롬프트를 읽는 중이었을 수 있음\)\.$/);
    expect(await page.getByText('답변 없이 끝났습니다').count()).toBe(0);
    await close(w);
  }, 120_000);

  it("answers a weekend question with the weekend's opening hours, in the question's words", async () => {
    const w = await open();
    const { page } = w;
    const model = script([
      { toolCalls: [{ name: 'nmc_getParmacyListInfoInqire', arguments: { Q0: '서울특별시', Q1: '강남구' } }] },
      { text: '이번 주말에 문 여는 강남구 약국을 찾았습니다.' },
    ]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-approval').uncheck();
    await page.getByTestId('composer-input').fill('이번 주말에 문 여는 서울 강남구 약국 알려줘');
    await page.getByTestId('send').click();
    await page.getByTestId('answer').waitFor({ timeout: 30_000 });
    const headers = async () =>
      (await page.locator('[data-status=done] table thead th').allTextContents()).slice(0, 7).map((h) => h.replace(/dutyTime\d[sc]$/, ''));
    // Saturday's and Sunday's hours come right after the name, address and telephone; Monday's are one click away.
    await expect
      .poll(headers, { timeout: 15_000 })
      .toEqual([
        expect.stringContaining('기관명'),
        expect.stringContaining('주소'),
        expect.stringContaining('대표 전화'),
        '토요일 영업 시작',
        '토요일 영업 종료',
        '일요일 영업 시작',
        '일요일 영업 종료',
      ]);
    // Times as people write them.
    expect(await page.locator('[data-status=done] table tbody tr').first().textContent()).toMatch(/\d{2}:\d{2}/);
    await page.screenshot({ path: path.join(screenshots, 'chat-weekend-pharmacy-ko.png') });
    await close(w);
  }, 120_000);

  it('keeps its shape with a wide result expanded: the conversation scrolls in its pane, the composer and status bar stay on screen', async () => {
    const w = await open();
    const { page } = w;
    const model = script([
      { toolCalls: [{ name: 'molit_getRTMSDataSvcAptTradeDev', arguments: { LAWD_CD: '11680', DEAL_YMD: '202501', numOfRows: 100 } }] },
      { text: '강남구의 2025년 1월 아파트 거래 51건입니다.' },
    ]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-approval').uncheck();
    await page.getByTestId('composer-input').fill('강남구 2025년 1월 아파트 실거래 전부 보여줘');
    await page.getByTestId('send').click();
    await page.getByTestId('answer').waitFor({ timeout: 30_000 });
    const card = page.locator('[data-status=done]');
    await card.getByTestId('show-raw').click();
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      const shape = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        return {
          pageScrolls: document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth,
          composerBottom: box('.composer').bottom,
          stripBottom: box('.strip').bottom,
          railHeight: box('.rail').height,
          conversationScrolls: document.querySelector('.conversation')!.scrollHeight > document.querySelector('.conversation')!.clientHeight,
        };
      });
      expect(shape, `${width}×${height}`).toEqual({
        pageScrolls: false,
        composerBottom: expect.any(Number),
        stripBottom: height,
        railHeight: height,
        conversationScrolls: true,
      });
      expect(shape.composerBottom, `${width}×${height}`).toBeLessThanOrEqual(height);
      await page.screenshot({ path: path.join(screenshots, `chat-wide-${width}x${height}.png`) });
    }
    await close(w);
  }, 120_000);

  it('shows a model asking for a tool it was not offered: the refusal says how to get it, and the search is named in words', async () => {
    const w = await open();
    const { page } = w;
    const model = script([
      { toolCalls: [{ name: 'kma_getMidLandFcst', arguments: { regId: '11B00000', tmFc: '202503020600' } }] },
      { toolCalls: [{ name: 'find_tools', arguments: { query: '다음 주 날씨 중기예보' } }] },
      { text: '찾았습니다.\n\n정답: 확인 불가' },
    ]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-approval').uncheck();
    await page.getByTestId('composer-input').fill('5월 공휴일은 며칠이야?');
    await page.getByTestId('send').click();
    await expect.poll(() => page.getByTestId('call-card').count(), { timeout: 15_000 }).toBe(2);
    const [refused, found] = [page.getByTestId('call-card').nth(0), page.getByTestId('call-card').nth(1)];
    expect(await refused.textContent()).toContain('find_tools');
    expect(await refused.textContent()).not.toContain('없는 도구');
    // Named as the catalog tool it meant, in words, though the model wrote its function name.
    expect(await refused.getAttribute('aria-label')).toBe('도구 호출: 중기육상예보 조회');
    expect(await found.getAttribute('aria-label')).toBe('도구 호출: 도구 찾기');
    expect(await found.textContent()).toContain('다음 주 날씨 중기예보');
    // What the search found is on its card, by name and id, and stays there after a reload.
    await expect
      .poll(() => found.getByTestId('found-tools').textContent(), { timeout: 15_000 })
      .toMatch(/^찾은 도구 \(다음 차례부터 호출 가능\): .*\(kma\.getMidLandFcst\)/);
    await page.getByTestId('answer').waitFor({ timeout: 15_000 });
    await page.reload();
    await expect.poll(() => page.getByTestId('found-tools').textContent(), { timeout: 15_000 }).toContain('(kma.getMidLandFcst)');
    await found.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'chat-find-tools-ko.png') });
    await close(w);
  }, 120_000);
});
