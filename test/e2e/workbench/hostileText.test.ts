// What a model writes is data in the window too. A chat whose model calls a tool by a name made of markup and answers
// with HTML, inline SVG, images (remote and data:), javascript: and data: links, a 4,000-character unbroken string
// and right-to-left overrides, seen in Chromium with the page's CSP enforced: no element, link or request of the
// text's choosing, no CSP violation, nothing wider than the window, and the launch token in no request's Referer.
import { describe, expect, it } from 'vitest';
import { close, expectInert, goTo, open, script, useWorkbench } from './harness.ts';

useWorkbench();

const LONG = 'A'.repeat(4000);
const ANSWER = [
  '<img src="http://evil.example/pixel.png" onerror="alert(1)"> <svg onload="alert(2)"><circle r="9"/></svg> <iframe src="http://evil.example/"></iframe>',
  '![remote](http://evil.example/remote.png) ![inline](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDMpIi8+)',
  '[click](javascript:alert(4)) [data](data:text/html,<script>alert(5)</script>) <http://evil.example/autolink> www.evil.example',
  `\u202eesrever\u202c and ${LONG}`,
].join('\n\n');

describe('hostile model text in the window', () => {
  it('renders as inert text in the chat, with the CSP enforced', async () => {
    const w = await open({ enforceCsp: true });
    const { page } = w;
    const model = script([{ toolCalls: [{ name: '<img src=x onerror=alert(6)>', arguments: { q: '<svg onload=alert(7)>' } }] }, { text: ANSWER }]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-input').fill('안녕하세요');
    await page.getByTestId('send').click();
    await page.getByTestId('answer').waitFor({ timeout: 30_000 });

    await expectInert(w);
    const answer = (await page.getByTestId('answer').textContent()) ?? '';
    expect(answer).toContain('<svg onload="alert(2)">');
    expect(answer).toContain('click');
    expect(answer).toContain(LONG);
    expect(await page.locator('[data-status]').first().textContent()).toContain('<img src=x onerror=alert(6)>');

    await close(w);
  });
});
