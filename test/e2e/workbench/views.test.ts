// Every view by its address and again after a reload, in both languages and both themes, with data in it (a verified
// graph, a dataset, a finished run): no accessibility violation, no console error, a screenshot of each, and the whole
// font present once the page has drawn.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ko from '../../../resources/strings/ko.json';
import en from '../../../resources/strings/en.json';
import { axeViolations, close, goTo, host, open, screenshots, useWorkbench, VIEWS } from './harness.ts';

useWorkbench();

beforeAll(async () => {
  await host.engine.call('edges.verify', {});
  await host.engine.call('synth.run', { count: 20, seed: 'views' });
  await host.engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: ['cal-01', 'air-01', 're-01', 'dc-01'] });
}, 120_000);

describe('the workbench', () => {
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
