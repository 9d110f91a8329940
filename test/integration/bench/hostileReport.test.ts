// A model's answer and calls end up in the run's reports, which are opened anywhere (a browser, a Markdown viewer, a
// ticket). A model that answers with HTML, a fetched image, javascript: links and a fake heading, and calls a tool
// whose name closes a code span, adds nothing to either report but text: rendered, the Markdown report holds no
// element, link or image the model chose; the HTML report escapes it all and forbids scripts and loads by its CSP.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const TOOL = 'x` <img src=x onerror=alert(1)>\n## Fake [l](javascript:alert(1))';
const ANSWER = '![](http://evil.example/p.png) [click](javascript:alert(1)) <script>alert(x)</script>\n## 정답 www.evil.example | cell |';

describe('reports of a run whose model writes HTML and Markdown', () => {
  it('carry the text and nothing the model chose', async () => {
    const engine = testEngine();
    const script = path.join(tempDir(), 'hostile.jsonl');
    writeFileSync(
      script,
      JSON.stringify({ task: 'cal-01', turns: [{ toolCalls: [{ name: TOOL, arguments: { a: '`</code><img src=y>' } }] }, { text: ANSWER }] }),
    );
    const run = await engine.call('bench.run', { suite: 'kopa', model: `scripted:${script}`, tasks: ['cal-01'] });
    expect(run.errors).toEqual([]);

    const md = (await engine.call('bench.report', { run: run.runId, format: 'md', lang: 'en' })).content;
    const rendered = micromark(md, { allowDangerousHtml: true, allowDangerousProtocol: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(rendered).not.toMatch(/<(img|script|a)\b/);
    expect(rendered).not.toMatch(/\s(href|src|onerror)\s*=\s*"/);
    expect(rendered).not.toMatch(/<h2>[^<]*(Fake|정답)/);
    expect(rendered).toContain(
      '![](http://evil.example/p.png) [click](javascript:alert(1)) &lt;script&gt;alert(x)&lt;/script&gt; ## 정답 www.evil.example | cell |',
    );

    const html = (await engine.call('bench.report', { run: run.runId, format: 'html', lang: 'en' })).content;
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).not.toMatch(/<(img|script)\b/);
    expect(html).not.toMatch(/\s(href|src|onerror)\s*=\s*"/);
    expect(html).toContain('&lt;script&gt;alert(x)&lt;/script&gt;');
  });
});
