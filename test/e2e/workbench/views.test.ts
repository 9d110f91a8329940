// Every view by its address and again after a reload, in both languages and both themes, with data in it (a verified
// graph, a dataset, a finished run), and the pages inside them (a tool, a sample, a run, a task): no accessibility
// violation, no console error, no text of the other language outside what an API, a model or the user wrote, a
// screenshot of each, and the whole font present once the page has drawn.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ko from '../../../resources/strings/ko.json';
import en from '../../../resources/strings/en.json';
import { copyVerifiedGraphInto } from '../../helpers/verifiedGraph.ts';
import { axeViolations, close, goTo, host, open, otherLanguage, screenshots, useWorkbench, VIEWS } from './harness.ts';

useWorkbench(async (dataDir) => (await copyVerifiedGraphInto(dataDir), {}));

/** Pages inside the views, with what they show filled in: a tool, a link's evidence, a sample, a run and a task. */
let pages: string[] = [];

beforeAll(async () => {
  const synth = await host.engine.call('synth.run', { count: 20, seed: 'views' });
  const run = await host.engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: ['cal-01', 'air-01', 're-01', 'dc-01'] });
  const dataset = encodeURIComponent(synth.summary.dataset.name);
  const runId = encodeURIComponent(run.runId);
  pages = [
    'catalog/kasi.getRestDeInfo',
    'catalog/molit.getRTMSDataSvcAptTradeDev',
    `synthesis/${dataset}`,
    `synthesis/${dataset}/1`,
    `eval/run/${runId}`,
    `eval/run/${runId}/task/air-01`,
  ];
}, 120_000);

describe('the workbench', () => {
  for (const locale of ['ko', 'en'] as const) {
    for (const dark of [false, true]) {
      it(`opens every view by its address and after a reload, ${locale} ${dark ? 'dark' : 'light'}, with no accessibility violation`, async () => {
        const w = await open({ locale, dark });
        const { page } = w;
        const otherText: Record<string, string[]> = {};
        for (const view of [...VIEWS, ...(dark ? [] : pages)]) {
          await goTo(page, view);
          const name = `${(view || 'overview').replace(/[^\w.-]+/g, '_')}-${locale}-${dark ? 'dark' : 'light'}`;
          expect(await axeViolations(page), name).toEqual([]);
          const other = await otherLanguage(page, locale);
          if (other.length > 0) otherText[name] = other;
          await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
        }
        expect(otherText).toEqual({});
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
