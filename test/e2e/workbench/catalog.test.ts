// The catalog from the Overview: a tool found by name, called with its example and with a wrong argument, and its raw
// response read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, close, goTo, open, screenshots, useWorkbench } from './harness.ts';

useWorkbench();

describe('the workbench', () => {
  it('follows the Overview into the catalog, finds a tool by name, calls it with an example and with a wrong argument, and reads the raw response', async () => {
    const w = await open();
    const { page } = w;
    await goTo(page, '');
    await page.getByTestId('figure-tools').click();
    await page.getByTestId('catalog-intro').waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/catalog');
    // Found as the analyst types, ranked: the holiday tool by its name first, tools whose descriptions say holidays after.
    await page.getByTestId('catalog-search').fill('holiday');
    await expect.poll(() => page.getByTestId('catalog-tool').first().textContent()).toContain('kasi.getRestDeInfo');
    // An agency is named in words, its code beside it (a file holding several agencies names each).
    await page.getByTestId('catalog-search').fill('HIRA');
    await expect.poll(() => page.locator('.agency-group h3').first().textContent()).toBe('건강보험심사평가원 HIRA');
    await page.getByTestId('catalog-search').fill('공휴일');
    await expect.poll(() => page.getByTestId('catalog-tool').first().textContent()).toContain('kasi.getRestDeInfo');
    // Everyday words find what no tool is named: 날씨 finds the weather service's tools.
    await page.getByTestId('catalog-search').fill('날씨');
    await expect.poll(() => page.getByTestId('catalog-tool').first().textContent()).toMatch(/kma\./);
    // What people call things: 부동산 finds the MOLIT deals, fine dust both AirKorea readings, and nothing else first.
    const listed = async (): Promise<string[]> =>
      (await page.getByTestId('catalog-tool').allTextContents()).map((t) => /[a-z]+\.[A-Za-z0-9]+/.exec(t)?.[0] ?? t);
    await page.getByTestId('catalog-search').fill('부동산');
    await expect
      .poll(async () => (await listed()).slice(0, 3).sort())
      .toEqual(['molit.getRTMSDataSvcAptRent', 'molit.getRTMSDataSvcAptTradeDev', 'molit.getRTMSDataSvcOffiTrade']);
    await page.getByTestId('catalog-search').fill('fine dust');
    await expect.poll(async () => (await listed()).sort()).toEqual(['airkorea.getCtprvnRltmMesureDnsty', 'airkorea.getMsrstnAcctoRltmMesureDnsty']);
    await page.getByTestId('catalog-search').fill('공휴일');
    await page.getByTestId('catalog-tool').first().click();
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
    // Columns in the catalog's words, the API's names on hover.
    expect(await outcome.locator('thead th').first().textContent()).toBe('날짜');
    expect(await outcome.locator('thead th').first().getAttribute('title')).toBe('locdate');
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

    // A scheduled API keeps only recent issues: asked for one long gone, it says which it has; its example asks for
    // the latest issue as of now (its written date is long gone from the service).
    await goTo(page, 'catalog/kma.getVilageFcst');
    await page.getByTestId('try-base_date').fill('2025-03-01');
    await page.getByTestId('try-base_time').selectOption('0500');
    await page.getByTestId('try-nx').fill('60');
    await page.getByTestId('try-ny').fill('127');
    await page.getByTestId('try-call').click();
    await expect.poll(() => page.getByTestId('try-outcome').getAttribute('data-ok'), { timeout: 15_000 }).toBe('false');
    expect(await page.getByTestId('try-window').textContent()).toMatch(/가장 최근 발표는 \d{4}-\d{2}-\d{2} \d{2}:\d{2} KST입니다/);
    await page.getByTestId('try-example').first().click();
    expect(await page.getByTestId('try-base_date').inputValue()).not.toBe('2025-03-01');
    await page.getByTestId('try-call').click();
    await expect.poll(() => page.getByTestId('try-outcome').getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    // KMA's categories read as what they are, with their units; the API's code beside.
    const forecast = (await page.getByTestId('try-outcome').locator('tbody').textContent())!;
    expect(forecast).toContain('1시간 기온 (℃) · TMP');
    expect(forecast).toContain('강수 확률 (%) · POP');
    // The API pages its answer: the next page is one click away, and the rows are saved as a CSV Excel reads.
    await page.getByTestId('try-numOfRows').fill('100');
    await page.getByTestId('try-call').click();
    await expect.poll(() => page.getByTestId('try-page').textContent(), { timeout: 15_000 }).toMatch(/^\d+쪽 중 1쪽$/);
    await page.getByTestId('try-next').click();
    await expect.poll(() => page.getByTestId('try-page').textContent(), { timeout: 15_000 }).toMatch(/^\d+쪽 중 2쪽$/);
    expect(await page.getByTestId('try-pageNo').inputValue()).toBe('2');
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('try-csv').click()]);
    const csv = readFileSync((await saved.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[0]).toContain('예보값 [fcstValue]');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(101);
    await page.screenshot({ path: path.join(screenshots, 'catalog-forecast-ko.png') });

    // A place the emulator's world does not hold: the answer says whose world it is and where real data comes from.
    await goTo(page, 'catalog/vworld.getCoord');
    await page.getByTestId('try-address').fill('서울특별시 종로구 없는길 999');
    await page.getByTestId('try-call').click();
    await expect.poll(() => page.getByTestId('try-outcome').getAttribute('data-ok'), { timeout: 15_000 }).toBe('false');
    expect(await page.getByTestId('try-emulator-world').textContent()).toContain('에뮬레이터는 따로 만든 세계라서');
    // Its own example, the catalog's documented value, answers with data.
    await page.getByTestId('try-example').first().click();
    await page.getByTestId('try-call').click();
    await expect.poll(() => page.getByTestId('try-outcome').getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByTestId('try-emulator-world').count()).toBe(0);
    await close(w);
  }, 120_000);
});
