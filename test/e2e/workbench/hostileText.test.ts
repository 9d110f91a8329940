// What a model writes is data in the window too. A chat whose model calls a tool by a name made of markup and answers
// with HTML, inline SVG, images (remote and data:), javascript: and data: links, a 4,000-character unbroken string
// and right-to-left overrides, seen in Chromium with the page's CSP enforced: no element, link or request of the
// text's choosing, no CSP violation, nothing wider than the window, and the launch token in no request's Referer.
import { describe, expect, it } from 'vitest';
import { close, goTo, host, open, script, useWorkbench } from './harness.ts';

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
    const origin = new URL(host.transport.launchUrl).origin;
    const token = /token=([0-9a-f]+)/.exec(host.transport.launchUrl)![1]!;
    const referers: string[] = [];
    page.on('request', (r) => referers.push(r.headers().referer ?? ''));
    const model = script([{ toolCalls: [{ name: '<img src=x onerror=alert(6)>', arguments: { q: '<svg onload=alert(7)>' } }] }, { text: ANSWER }]);
    await goTo(page, 'chat');
    await page.getByTestId('composer-model').fill(model);
    await page.getByTestId('composer-input').fill('안녕하세요');
    await page.getByTestId('send').click();
    await page.getByTestId('answer').waitFor({ timeout: 30_000 });

    const conversation = page.locator('main');
    expect(await conversation.locator('img, script, iframe, object, embed').count()).toBe(0);
    // The app's own icons are the only SVG.
    expect(await conversation.locator('svg:not(.lucide)').count()).toBe(0);
    const hrefs = await conversation.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => !href.startsWith('#/'))).toEqual([]);
    const answer = (await page.getByTestId('answer').textContent()) ?? '';
    expect(answer).toContain('<svg onload="alert(2)">');
    expect(answer).toContain('click');
    expect(answer).toContain(LONG);
    expect(await page.locator('[data-status]').first().textContent()).toContain('<img src=x onerror=alert(6)>');

    expect(referers.filter((r) => r.includes(token))).toEqual([]);
    expect(w.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('ws'))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { kopaCspViolations: string[] }).kopaCspViolations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await close(w);
  });
});
